import { router } from '../../../trpc/init.ts';
import { pageCategoriesRoute, phaseClassesRoute } from './categories.ts';
import { createPageRoute } from './create-page.ts';
import { deletePageRoute } from './delete-page.ts';
import { getPageRoute } from './get-page.ts';
import { listPagesRoute } from './list-pages.ts';
import { updatePageRoute } from './update-page.ts';

/** admin.pages: content pages by category, their Markdown, class, muscle group and media. */
export const adminPagesRouter = router({
  categories: pageCategoriesRoute,
  phaseClasses: phaseClassesRoute,
  list: listPagesRoute,
  get: getPageRoute,
  create: createPageRoute,
  update: updatePageRoute,
  delete: deletePageRoute,
});
