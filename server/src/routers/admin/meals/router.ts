import { router } from '../../../trpc/init.ts';

/** admin.meals: built by issue 9. */
export const adminMealsRouter = router({});
