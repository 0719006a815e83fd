import { listPhaseClasses, pageCategoryTree } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The content tree: introductions, the warrior tracks and versions, technique guides. */
export const pageCategoriesRoute = adminProcedure.query(({ ctx }) => pageCategoryTree(ctx.svc.em));

/** The kinds of phase a page can be. */
export const phaseClassesRoute = adminProcedure.query(({ ctx }) => listPhaseClasses(ctx.svc.em));
