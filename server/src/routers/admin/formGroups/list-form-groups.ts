import { adminFormGroupListInput } from '@evolution/shared';
import { listFormGroups } from '../../../services/adminForms.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Form groups, paged like the REST call, searched by name, each with `deletable`. */
export const listFormGroupsRoute = adminProcedure
  .input(typedInput(adminFormGroupListInput))
  .query(async ({ ctx, input }) => {
    const { search, ...page } = await listFormGroups(ctx.svc, input);
    return paginate(page, `${ctx.config.appUrl}/api/admin/form_group`, { search });
  });
