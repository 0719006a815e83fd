import { adminFormListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listForms } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A form group's ladder, ordered by level then progress, paged like the REST call. */
export const listFormsRoute = adminProcedure
  .input(adminFormListInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listForms(ctx.svc, input), `/api/admin/form_group/${input.id}/form`),
  );
