import { adminFormListInput } from '@evolution/shared';
import { listForms } from '../../../services/adminForms.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** A form group's ladder, ordered by level then progress, paged like the REST call. */
export const listFormsRoute = adminProcedure.input(typedInput(adminFormListInput)).query(async ({ ctx, input }) => {
  const { id, page } = parseInput(adminFormListInput, input);
  return paginate(await listForms(ctx.svc, id, { page }), `${ctx.config.appUrl}/api/admin/form_group/${id}/form`);
});
