import { adminCategoryPagesInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listAdminPages } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A category's pages in their order, 10 a page, searched by title, in the REST call's paged shape. */
export const listPagesRoute = adminProcedure.input(adminCategoryPagesInput).query(async ({ ctx, input }) => {
  const { search, ...page } = await listAdminPages(ctx.svc, input);
  return pageAnswer(ctx.origin, page, `/api/admin/page/category/${input.categoryId}/pages`, { search });
});
