import { adminMemberPageInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { adminFormLevels } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's current form on each ladder, paged like GET admin/user/{id}/evolution/form. */
export const formLevelsRoute = adminProcedure
  .input(adminMemberPageInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await adminFormLevels(ctx.svc, input), `/api/admin/user/${input.id}/evolution/form`),
  );
