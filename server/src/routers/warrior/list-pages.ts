import { categoryPagesInput } from '@evolution/shared';
import { paginate } from '../../services/pagination.ts';
import { listCategoryPages } from '../../services/programme.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** The pages of a category, paged (technique guides: categoryId 4), for those who may train. */
export const listPagesRoute = memberProcedure.input(typedInput(categoryPagesInput)).query(async ({ ctx, input }) => {
  const { categoryId, page } = parseInput(categoryPagesInput, input);
  return paginate(
    await listCategoryPages(ctx.em, ctx.actor.user, categoryId, page, ctx.config),
    `${ctx.config.appUrl}/api/user/page/category/${categoryId}/pages`,
  );
});
