import { router } from '../../../trpc/init.ts';
import { createMealRoute } from './create-meal.ts';
import { deleteMealRoute } from './delete-meal.ts';
import { getMealRoute } from './get-meal.ts';
import { listMealsRoute } from './list-meals.ts';
import { mealGroupsRoute } from './meal-groups.ts';
import { updateMealRoute } from './update-meal.ts';

/** admin.meals: the meal group tree, a group's meals, and one meal to add, edit or delete (docs/spec/admin.md §7). */
export const adminMealsRouter = router({
  groups: mealGroupsRoute,
  list: listMealsRoute,
  get: getMealRoute,
  create: createMealRoute,
  update: updateMealRoute,
  remove: deleteMealRoute,
});
