import { z } from 'zod';
import { idField } from './fields.ts';
import { ELIXIR_PHASE_NAMES } from '../constants.ts';
import { pageInput } from './pagination.ts';

// ---------------------------------------------------------------------------------------------------------------
// Inputs

export const mealIdInput = z.object({ id: idField('meal id') });
export const mealGroupIdInput = z.object({ groupId: idField('meal group id') });
export const mealListInput = pageInput.extend({ groupId: idField('meal group id') });
export const elixirPhaseInput = z.object({
  phase: z.coerce
    .number({ error: 'The phase must be 1 to 4.' })
    .int('The phase must be 1 to 4.')
    .min(1, 'The phase must be 1 to 4.')
    .max(ELIXIR_PHASE_NAMES.length, 'The phase must be 1 to 4.'),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A meal group with its children (the tree of Aliment). */
export interface MealGroupNode {
  id: number;
  name: string;
  parent: number;
  parent_id: number;
  children: MealGroupNode[];
}
const mealGroupSchema: z.ZodType<MealGroupNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    parent: z
      .number()
      .int()
      .describe("the parent group's id (docs/spec/admin.md §3); 0 for a group directly under Aliment"),
    parent_id: z.number().int().describe('the same as parent, kept for callers that read parent_id'),
    get children() {
      return z.array(mealGroupSchema);
    },
  })
  .meta({ id: 'MealGroup' });
export const mealGroupTreeSchema = z.object({
  data: z.array(mealGroupSchema).describe('the groups under Aliment (parent 0), each with its children'),
});
export type MealGroupTree = z.infer<typeof mealGroupTreeSchema>;

/** A row of GET user/meal/group/{groupId}/meals: the image is a small thumbnail. */
export const mealRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image_base64: z.string().nullable().describe('JPEG thumbnail (about 240 px), base64'),
    meal_group_id: z.number().int(),
    meal_group_name: z.string(),
  })
  .meta({ id: 'MealRow' });
export type MealRow = z.infer<typeof mealRowSchema>;

/** Per-serving nutrition; null when the meal has none recorded. */
const nutritionSchema = z
  .object({
    kcal: z.number(),
    protein: z.number().describe('g'),
    fat: z.number().describe('g'),
    carbohydrate: z.number().describe('g'),
  })
  .meta({ id: 'Nutrition' });
export type Nutrition = z.infer<typeof nutritionSchema>;

const ingredientSchema = z
  .object({
    ingredient: z.string().describe('name, unit included, e.g. "Rolled oats (g)"'),
    formula: z.number().describe('amount per serving'),
  })
  .meta({ id: 'Ingredient' });
export type Ingredient = z.infer<typeof ingredientSchema>;

/** GET user/meal/{id}. */
export const mealSchema = z
  .object({
    data: z.object({
      id: z.number().int(),
      name: z.string(),
      image_base64: z.string().nullable().describe('JPEG, base64'),
      meal_group_id: z.number().int(),
      meal_group_name: z.string(),
      video_link: z.string().nullable(),
      video_id: z.number().int().nullable(),
      video_path: z.string().nullable().describe('signed address of the uploaded video (GET media/{id})'),
      description: z.string(),
      ingredients_parsed: z.array(ingredientSchema),
      nutrition: nutritionSchema.nullable().describe('per serving'),
    }),
  })
  .meta({ id: 'Meal' });
export type MealDto = z.infer<typeof mealSchema>['data'];

/** GET user/evolution/macro_data: the fields at the top level (spec section 7). */
export const macroDataSchema = z
  .object({
    daily_caloric_intake: z.number().int().describe('kcal'),
    fat_intake: z.number().int().describe('g'),
    protein_intake: z.number().int().describe('g'),
    carbohydrate_intake: z.number().int().describe('g'),
    max_lean_body_mass_kg: z.number(),
    max_lean_body_mass_lbs: z.number(),
    desired_body_mass: z.number().describe('kg'),
    desired_body_fat: z.number().describe('% for the desired aesthetic'),
    desired_aesthetic: z.string(),
    body_fat: z.number().describe('% at the latest data analysis'),
    weight: z.number().describe('kg at the latest data analysis'),
    energy_balance: z.enum(['deficit', 'surplus', 'maintenance']),
  })
  .meta({ id: 'MacroData' });
export type MacroDataDto = z.infer<typeof macroDataSchema>;

/** The macro guidelines screen: the guidance page, and the member's own macros when they are eligible and measured. */
export const macroGuidelinesSchema = z
  .object({
    page: z.object({ id: z.number().int(), title: z.string(), content: z.string() }),
    macros: macroDataSchema.nullable(),
    /** Why there are no macros: not eligible, switched off, or no measurements yet; null when they are there. */
    reason: z.enum(['not_eligible', 'switched_off', 'no_data']).nullable(),
  })
  .meta({ id: 'MacroGuidelines' });
export type MacroGuidelines = z.infer<typeof macroGuidelinesSchema>;
