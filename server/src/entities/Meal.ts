import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { MealGroup } from './MealGroup.ts';
import { uploadedFile } from './Media.ts';
import { decimal, timestamps } from './properties.ts';

/** One ingredient of a meal: its name with the unit in it ("Rolled oats (g)") and the amount per serving. */
export interface MealIngredient {
  ingredient: string;
  formula: number;
}

/**
 * A recipe of a meal group (the Saturni Elixir's four phases are the meals of Elixirs, in order). Ingredients are
 * kept in order in one JSON column: they are always read and written with their meal, at most 12.
 */
export const Meal = defineEntity({
  name: 'Meal',
  tableName: 'meals',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(255),
    group: () => p.manyToOne(MealGroup).deleteRule('restrict'),
    description: p.text(),
    ingredients: p.json<MealIngredient[]>(),
    image: uploadedFile,
    video: uploadedFile,
    videoLink: p.string().length(255).nullable(),
    /** Per-serving nutrition (kcal, grams); all four or none. Scales with the servings like the ingredients. */
    kcal: decimal(7, 1).nullable(),
    protein: decimal(6, 1).nullable(),
    fat: decimal(6, 1).nullable(),
    carbohydrate: decimal(6, 1).nullable(),
    /** Order within the group (the elixir's phase number); ties go by id. */
    position: p.smallint().default(0),
    ...timestamps(),
  },
  indexes: [{ properties: ['group', 'position', 'id'] }],
});
export type IMeal = InferEntity<typeof Meal>;
