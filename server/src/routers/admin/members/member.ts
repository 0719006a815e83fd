import { adminMemberInput } from '@evolution/shared';
import { memberSummary } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Who the record belongs to (name and email); 404 for an admin's id or nobody's. */
export const memberRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => memberSummary(ctx.svc, input));
