import { adminCategoryPagesInput } from '@evolution/shared';
import { listAdminPages } from '../../../services/adminPages.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** A category's pages in their order, 10 a page, searched by title, in the REST call's paged shape. */
export const listPagesRoute = adminProcedure
  .input(typedInput(adminCategoryPagesInput))
  .query(async ({ ctx, input }) => {
    const { categoryId, ...query } = parseInput(adminCategoryPagesInput, input);
    const { search, ...page } = await listAdminPages(ctx.svc, categoryId, query);
    return paginate(page, `${ctx.config.appUrl}/api/admin/page/category/${categoryId}/pages`, { search });
  });
