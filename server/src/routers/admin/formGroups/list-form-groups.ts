import { adminFormGroupListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listFormGroups } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Form groups, paged like the REST call, searched by name, each with `deletable`. */
export const listFormGroupsRoute = adminProcedure.input(adminFormGroupListInput).query(async ({ ctx, input }) => {
  const { search, ...page } = await listFormGroups(ctx.svc, input);
  return pageAnswer(ctx.origin, page, '/api/admin/form_group', { search });
});
