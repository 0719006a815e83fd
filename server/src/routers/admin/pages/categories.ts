import { dataAnswer } from '../../../http/answers.ts';
import { listPhaseClasses, pageCategoryTree } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The content tree: introductions, the warrior tracks and versions, technique guides. */
export const pageCategoriesRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await pageCategoryTree(ctx.svc)));

/** The kinds of phase a page can be. */
export const phaseClassesRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await listPhaseClasses(ctx.svc)));
