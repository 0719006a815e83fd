/**
 * The superhuman channel's content seeded on a database that has none: the Aliment tree of meal groups (ids fixed by
 * the spec), the Saturni Elixir's four phases as the meals of Elixirs, the recipes with generated pictures and
 * per-serving nutrition computed from their ingredients, and the macro guidelines page.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { MEAL_GROUP } from '@evolution/shared';
import { Meal, MealGroup, Page, PageCategory } from '../entities/index.ts';
import { db } from './kysely.ts';
import { MACRO_GUIDELINES_CATEGORY } from '../services/macros.ts';
import { storeImage } from '../services/media.ts';
import type { StorageSettings } from '../services/storage.ts';
import { mealArt, type ArtMotif } from './mealArt.ts';
import { ELIXIR_PHASES, RECIPES, recipeNutrition, type SeedRecipe } from './recipes.ts';

const MEAL_GROUPS = [
  { id: MEAL_GROUP.elixirs, name: 'Elixirs', parentId: null, position: 1 },
  { id: MEAL_GROUP.majorMeals, name: 'Major meals', parentId: null, position: 2 },
  { id: MEAL_GROUP.minorMeals, name: 'Minor meals', parentId: null, position: 3 },
  { id: MEAL_GROUP.vegan, name: 'Vegan', parentId: MEAL_GROUP.majorMeals, position: 1 },
  { id: MEAL_GROUP.vegetarian, name: 'Vegetarian', parentId: MEAL_GROUP.majorMeals, position: 2 },
  { id: MEAL_GROUP.pescatarian, name: 'Pescatarian', parentId: MEAL_GROUP.majorMeals, position: 3 },
  { id: MEAL_GROUP.prep, name: 'Prep', parentId: MEAL_GROUP.majorMeals, position: 4 },
  { id: MEAL_GROUP.salads, name: 'Salads', parentId: MEAL_GROUP.minorMeals, position: 1 },
  { id: MEAL_GROUP.desserts, name: 'Desserts', parentId: MEAL_GROUP.minorMeals, position: 2 },
];

const MOTIF: Record<SeedRecipe['group'], ArtMotif> = {
  1: 'glass',
  6: 'plate',
  7: 'plate',
  8: 'plate',
  9: 'plate',
  10: 'bowl',
  11: 'dessert',
};

export const MACRO_GUIDELINES = {
  title: 'Macro guidelines',
  content: `Your macros are the daily amounts of energy, protein, fat and carbohydrate that move you towards the body you chose in your fact-find: Warrior (about 7% body fat), Titan (about 10.5%) or Tank (about 15%).

## How they are worked out
- Lean mass: your latest data-analysis weight less your body fat.
- Energy: your resting energy from your lean mass (Katch-McArdle), times 1.55 for a training week.
- Above your target body fat by more than a point, you eat 20% below that; below it by more than a point, 10% above; within a point, you maintain.
- Protein: 2.5 g per kg of lean mass while in a deficit, 2.0 g otherwise. Fat: a quarter of your energy. Carbohydrate: the rest.
- The ceiling: the most lean mass your frame is likely to carry at your target body fat (Casey Butt's formula, from your height, wrist and ankle).

## Using them
1. Hit protein every day first: spread it over three or four meals.
2. Keep energy within about 100 kcal of your target on most days; one day over or under changes nothing.
3. Let carbohydrate follow your training: more on training days, less on rest days, the same weekly total.
4. Weigh yourself under the same conditions at every data analysis. Your macros update with each one.

Every figure is an estimate from formulas, not a measurement: if your weight moves the wrong way for three weeks, tell a coach through an assistance flag.`,
};

const isSeeded = async (em: EntityManager) => (await em.count(MealGroup, {})) > 0;

/**
 * Inserts the nutrition content once, in one transaction under an advisory lock; a database that already has meal
 * groups is left as it is, so admin edits stay. Pictures go to the uploads' store. True when it seeded.
 */
export async function seedNutrition(em: EntityManager, config: StorageSettings): Promise<boolean> {
  if (await isSeeded(em)) return false;
  // Drawn before the transaction: the cards take a moment and need no lock.
  const all = [...ELIXIR_PHASES, ...RECIPES];
  const art = await Promise.all(all.map((r) => mealArt({ name: r.name, motif: MOTIF[r.group], palette: r.palette })));
  return em.transactional(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('evolution:seed-nutrition'))`.execute(db(tx));
    if (await isSeeded(tx)) return false;
    for (const g of MEAL_GROUPS) tx.create(MealGroup, g);
    await tx.flush();
    const position = new Map<number, number>();
    for (const [i, recipe] of all.entries()) {
      const { data, width, height, name } = art[i]!;
      const image = await storeImage(
        { em: tx, config },
        'meal_image',
        { data, width, height },
        { path: `uploads/${name}` },
      );
      const place = (position.get(recipe.group) ?? 0) + 1;
      position.set(recipe.group, place);
      tx.create(Meal, {
        name: recipe.name,
        group: recipe.group,
        description: recipe.description,
        position: place,
        image,
        videoLink: null,
        ingredients: recipe.ingredients.map(([ingredient, formula]) => ({ ingredient, formula })),
        ...recipeNutrition(recipe.ingredients),
      });
    }
    const category =
      (await tx.findOne(PageCategory, { slug: MACRO_GUIDELINES_CATEGORY })) ??
      tx.create(PageCategory, { name: 'Superhuman', parentId: null, slug: MACRO_GUIDELINES_CATEGORY, version: null });
    await tx.flush();
    if (!(await tx.count(Page, { category: category.id }))) {
      tx.create(Page, {
        ...MACRO_GUIDELINES,
        category,
        position: 1,
        phaseClass: null,
        muscleGroup: null,
        preset: null,
        videoLink: null,
      });
    }
    await tx.flush();
    return true;
  });
}
