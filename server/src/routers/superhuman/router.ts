import { router } from '../../trpc/init.ts';
import { elixirPhaseRoute, getMealRoute } from './get-meal.ts';
import { listMealsRoute } from './list-meals.ts';
import { macroDataRoute, macroGuidelinesRoute } from './macro-data.ts';
import { mealGroupsRoute } from './meal-groups.ts';

/** The superhuman channel: the meal tree, recipes, the Saturni Elixir, macro data and guidelines. */
export const superhumanRouter = router({
  mealGroups: mealGroupsRoute,
  meals: listMealsRoute,
  meal: getMealRoute,
  elixirPhase: elixirPhaseRoute,
  macroData: macroDataRoute,
  macroGuidelines: macroGuidelinesRoute,
});
