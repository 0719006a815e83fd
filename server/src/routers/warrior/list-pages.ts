import { categoryPagesInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { listCategoryPages } from '../../services/programme.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The pages of a category, paged (technique guides: categoryId 4), for those who may train. */
export const listPagesRoute = memberProcedure
  .input(categoryPagesInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(
      ctx.origin,
      await listCategoryPages(ctx.svc, input),
      `/api/user/page/category/${input.categoryId}/pages`,
    ),
  );
