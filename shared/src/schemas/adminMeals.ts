import { z } from 'zod';
import { ELIXIR_PHASE_NAMES, MAX_INGREDIENTS } from '../constants.ts';
import {
  choiceField,
  FIELD_MESSAGE,
  MAX_ID,
  numberFromText,
  recordId,
  requiredTextWithMessages,
  wholeNumberFromText,
} from './fields.ts';
import { pageInput } from './pagination.ts';

// Admin meals (docs/spec/admin.md §§3, 5 and 7): the meal group tree, a group's meals, and one meal to add, edit or
// delete. A meal's ingredients travel either as the original client sent them (ingredient1..12 with formula1..12)
// or as an `ingredients` list; answers carry both.

/** Longest meal name, ingredient name and description the screens and the columns take. */
export const MEAL_LIMITS = {
  name: 255,
  ingredient: 100,
  description: 20_000,
  videoLink: 255,
  quantity: 10_000,
  kcal: 10_000,
  grams: 1_000,
} as const;

/** The messages of docs/spec/admin.md §5 (verbatim where it gives one), and Laravel-style ones where it does not. */
export const MEAL_MESSAGE = {
  nameRequired: FIELD_MESSAGE.enter('name'),
  nameTooLong: `The name may not be greater than ${MEAL_LIMITS.name} characters.`,
  groupRequired: FIELD_MESSAGE.choose('meal group'),
  groupInvalid: FIELD_MESSAGE.chooseListed('meal group'),
  groupHoldsNoMeals:
    'Meals belong in Elixirs or in a group under Major meals or Minor meals, not in Aliment, Major meals or Minor meals.',
  descriptionRequired: FIELD_MESSAGE.enter('description'),
  descriptionTooLong: `The description may not be greater than ${MEAL_LIMITS.description} characters.`,
  ingredientsRequired: 'Add at least one ingredient.',
  ingredientsList: 'The ingredients must be a list of ingredient and formula pairs.',
  tooManyIngredients: `A meal may have at most ${MAX_INGREDIENTS} ingredients.`,
  videoLink: 'The video link must be a valid http or https address.',
  nutritionAllOrNone: 'Give all four nutrition figures (kcal, protein, fat, carbohydrate), or none.',
  elixirPhaseStays:
    'This meal is a phase of the Saturni Elixir: it stays in Elixirs. Add a new meal to the other group instead.',
  elixirPhaseUndeletable:
    'This meal is a phase of the Saturni Elixir, which members follow: it cannot be deleted. Edit it instead.',
  notFound: 'Meal not found.',
  groupNotFound: 'Meal group not found.',
  created: 'Meal added.',
  updated: 'Meal saved.',
  deleted: 'Meal deleted.',
} as const;

/** 'The name of Ingredient N is required, or you can remove the Ingredient.' (docs/spec/admin.md §5, N from 1). */
export const ingredientNameRequired = (n: number) =>
  `The name of Ingredient ${n} is required, or you can remove the Ingredient.`;
/** The quantity equivalent of the spec's ingredient message. */
export const ingredientQuantityRequired = (n: number) =>
  `The quantity of Ingredient ${n} is required, or you can remove the Ingredient.`;
export const ingredientQuantityInvalid = (n: number) =>
  `The quantity of Ingredient ${n} must be a number greater than 0, with at most 2 decimals.`;
const ingredientQuantityTooLarge = (n: number) =>
  `The quantity of Ingredient ${n} may not be greater than ${MEAL_LIMITS.quantity}.`;
const ingredientNameTooLong = (n: number) =>
  `The name of Ingredient ${n} may not be greater than ${MEAL_LIMITS.ingredient} characters.`;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A per-serving quantity: a positive number with at most 2 decimals, given as a number or a numeric text; else null. */
export function parseQuantity(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text) && !/^\.\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** One ingredient row's messages: a blank name or quantity, or a quantity that is not a usable amount. */
export interface IngredientRowErrors {
  ingredient?: string;
  formula?: string;
}

/**
 * The rule for each ingredient row (docs/spec/admin.md §5), shared by the form (its notifications) and the server (its
 * 422): a non-blank name and a non-blank, positive quantity with at most 2 decimals. Rows are numbered from 1.
 */
export function ingredientRowErrors(
  rows: readonly { ingredient?: unknown; formula?: unknown }[],
  numbers?: readonly number[],
): IngredientRowErrors[] {
  return rows.map((row, i) => {
    const n = numbers?.[i] ?? i + 1;
    const errors: IngredientRowErrors = {};
    if (isBlank(row.ingredient) || typeof row.ingredient !== 'string') errors.ingredient = ingredientNameRequired(n);
    else if (row.ingredient.trim().length > MEAL_LIMITS.ingredient) errors.ingredient = ingredientNameTooLong(n);
    if (isBlank(row.formula)) errors.formula = ingredientQuantityRequired(n);
    else {
      const quantity = parseQuantity(row.formula);
      if (quantity === null) errors.formula = ingredientQuantityInvalid(n);
      else if (quantity > MEAL_LIMITS.quantity) errors.formula = ingredientQuantityTooLarge(n);
    }
    return errors;
  });
}

/** The numbers N of the ingredientN / formulaN fields a body carries, in order. */
function ingredientFieldNumbers(body: Record<string, unknown>): number[] {
  const numbers = new Set<number>();
  for (const key of Object.keys(body)) {
    const m = /^(?:ingredient|formula)(\d{1,3})$/.exec(key);
    if (m) numbers.add(Number(m[1]));
  }
  return [...numbers].filter((n) => n >= 1).sort((a, b) => a - b);
}

/**
 * The ingredient rows of a body and the form they came in: the `ingredients` list when there is one, otherwise the
 * ingredientN / formulaN pairs in N order, where a pair with both halves blank is no row (a form that posts all
 * twelve). Undefined when the body carries no ingredients at all.
 */
export function ingredientRowsOf(
  body: Record<string, unknown>,
): { rows: unknown; form: 'list' | 'fields'; numbers: number[] } | undefined {
  if (body.ingredients !== undefined) return { rows: body.ingredients, form: 'list', numbers: [] };
  const posted = ingredientFieldNumbers(body);
  if (!posted.length) return undefined;
  const numbers = posted.filter((n) => !(isBlank(body[`ingredient${n}`]) && isBlank(body[`formula${n}`])));
  return {
    rows: numbers.map((n) => ({ ingredient: body[`ingredient${n}`], formula: body[`formula${n}`] })),
    form: 'fields',
    numbers,
  };
}

const blankToNull = (v: unknown) => (isBlank(v) ? null : v);

/** An id of an uploaded file: absent (kept on edit), null or blank (none), or a whole number. */
const mediaId = (label: string) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : blankToNull(wholeNumberFromText(v))),
    z
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .positive(`The ${label} must be a whole number.`)
      .max(MAX_ID, `The selected ${label} is invalid.`)
      .nullable()
      .optional(),
  );

/** A per-serving nutrition figure: absent (kept on edit), null or blank (none), or a number in its range. */
const figure = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : numberFromText(blankToNull(v))),
    z
      .number({ error: `The ${label} must be a number.` })
      .min(0, `The ${label} must be at least 0.`)
      .max(max, `The ${label} may not be greater than ${max}.`)
      .transform((n) => Math.round(n * 10) / 10)
      .nullable()
      .optional(),
  );

const videoLink = z.preprocess(
  (v) => (v === undefined ? undefined : blankToNull(v)),
  z
    .string({ error: MEAL_MESSAGE.videoLink })
    .trim()
    .max(MEAL_LIMITS.videoLink, `The video link may not be greater than ${MEAL_LIMITS.videoLink} characters.`)
    .refine((s) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s), MEAL_MESSAGE.videoLink)
    .nullable()
    .optional(),
);

/** The plain fields of a meal body (everything but the ingredients). */
const mealFields = z.object({
  name: requiredTextWithMessages(MEAL_MESSAGE.nameRequired, MEAL_LIMITS.name, MEAL_MESSAGE.nameTooLong),
  meal_group_id: choiceField('meal group'),
  description: requiredTextWithMessages(
    MEAL_MESSAGE.descriptionRequired,
    MEAL_LIMITS.description,
    MEAL_MESSAGE.descriptionTooLong,
  ),
  image_id: mediaId('image id'),
  video_id: mediaId('video id'),
  video_link: videoLink,
  kcal: figure('kcal', MEAL_LIMITS.kcal),
  protein: figure('protein', MEAL_LIMITS.grams),
  fat: figure('fat', MEAL_LIMITS.grams),
  carbohydrate: figure('carbohydrate', MEAL_LIMITS.grams),
});

const NUTRITION = ['kcal', 'protein', 'fat', 'carbohydrate'] as const;

/** A meal body once parsed: absent optional fields are undefined (kept on edit), cleared ones null. */
export type MealWrite = {
  name: string;
  meal_group_id: number;
  description: string;
  image_id?: number | null | undefined;
  video_id?: number | null | undefined;
  video_link?: string | null | undefined;
  kcal?: number | null | undefined;
  protein?: number | null | undefined;
  fat?: number | null | undefined;
  carbohydrate?: number | null | undefined;
  /** Undefined when the body has none (an edit keeps them; an add refuses). */
  ingredients?: { ingredient: string; formula: number }[] | undefined;
};

/**
 * The parser of POST admin/meal (`create`: ingredients required) and PUT admin/meal/{id} (`update`: fields that are
 * absent are kept). Every message in one 422: plain fields under their names, ingredient messages under
 * `ingredients.{i}.ingredient|formula` for a list and under `ingredientN` / `formulaN` for the original fields.
 */
const mealParser = (mode: 'create' | 'update') =>
  z.unknown().transform((raw, ctx): MealWrite => {
    const body = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    let failed = false;
    const issue = (path: (string | number)[], message: string) => {
      failed = true;
      ctx.addIssue({ code: 'custom', message, path, input: raw });
    };
    const plain = mealFields.safeParse(body);
    if (!plain.success) for (const i of plain.error.issues) issue(i.path as (string | number)[], i.message);

    let ingredients: MealWrite['ingredients'];
    const found = ingredientRowsOf(body);
    if (!found) {
      if (mode === 'create') issue(['ingredients'], MEAL_MESSAGE.ingredientsRequired);
    } else if (!Array.isArray(found.rows) || found.rows.some((r) => r === null || typeof r !== 'object')) {
      issue(['ingredients'], MEAL_MESSAGE.ingredientsList);
    } else if (found.rows.length > MAX_INGREDIENTS || found.numbers.some((n) => n > MAX_INGREDIENTS)) {
      issue(['ingredients'], MEAL_MESSAGE.tooManyIngredients);
    } else if (found.rows.length === 0) {
      issue(['ingredients'], MEAL_MESSAGE.ingredientsRequired);
    } else {
      const rows = found.rows as { ingredient?: unknown; formula?: unknown }[];
      // The original fields keep the numbers they were posted with, in their keys and in their messages.
      ingredientRowErrors(rows, found.form === 'fields' ? found.numbers : undefined).forEach((errors, i) => {
        const n = found.numbers[i];
        if (errors.ingredient)
          issue(found.form === 'fields' ? [`ingredient${n}`] : ['ingredients', i, 'ingredient'], errors.ingredient);
        if (errors.formula)
          issue(found.form === 'fields' ? [`formula${n}`] : ['ingredients', i, 'formula'], errors.formula);
      });
      ingredients = rows.map((r) => ({
        ingredient: String(r.ingredient ?? '').trim(),
        formula: parseQuantity(r.formula) ?? 0,
      }));
    }

    if (plain.success) {
      const given = NUTRITION.filter((k) => plain.data[k] !== undefined && plain.data[k] !== null);
      if (given.length > 0 && given.length < NUTRITION.length) {
        for (const k of NUTRITION) if (!given.includes(k)) issue([k], MEAL_MESSAGE.nutritionAllOrNone);
      }
    }
    if (failed || !plain.success) return z.NEVER;
    const data = plain.data;
    const orNull = <T>(v: T | undefined) => (mode === 'create' ? (v ?? null) : v);
    return {
      name: data.name,
      meal_group_id: data.meal_group_id,
      description: data.description,
      image_id: orNull(data.image_id),
      video_id: orNull(data.video_id),
      video_link: orNull(data.video_link),
      kcal: orNull(data.kcal),
      protein: orNull(data.protein),
      fat: orNull(data.fat),
      carbohydrate: orNull(data.carbohydrate),
      ingredients,
    };
  });

const ingredientFieldsDoc = Object.fromEntries(
  Array.from({ length: MAX_INGREDIENTS }, (_, i) => [
    [
      `ingredient${i + 1}`,
      z
        .string()
        .nullable()
        .optional()
        .describe(`name of ingredient ${i + 1}, unit included`),
    ],
    [
      `formula${i + 1}`,
      z
        .union([z.number(), z.string()])
        .nullable()
        .optional()
        .describe(`quantity per serving of ingredient ${i + 1}`),
    ],
  ]).flat(),
) as Record<string, z.ZodOptional<z.ZodNullable<z.ZodString>>>;

/** The body of POST admin/meal and PUT admin/meal/{id} as clients send it (documentation and the client's types). */
export const adminMealBody = z.object({
  name: z.string().describe(`required, at most ${MEAL_LIMITS.name} characters`),
  meal_group_id: z.union([z.number().int(), z.string()]).describe('a group that holds meals: 1 Elixirs or 6 to 11'),
  description: z.string().describe('required; plain text, paragraphs separated by blank lines'),
  image_id: z
    .union([z.number().int(), z.string()])
    .nullable()
    .optional()
    .describe('from POST admin/meal/image; null removes it; absent keeps it on edit'),
  video_id: z
    .union([z.number().int(), z.string()])
    .nullable()
    .optional()
    .describe('from POST admin/meal/video; null removes it; absent keeps it on edit'),
  video_link: z.string().nullable().optional().describe('an external video address'),
  kcal: z.union([z.number(), z.string()]).nullable().optional().describe('per serving; all four figures or none'),
  protein: z.union([z.number(), z.string()]).nullable().optional().describe('g per serving'),
  fat: z.union([z.number(), z.string()]).nullable().optional().describe('g per serving'),
  carbohydrate: z.union([z.number(), z.string()]).nullable().optional().describe('g per serving'),
  ingredients: z
    .array(z.object({ ingredient: z.string(), formula: z.union([z.number(), z.string()]) }))
    .max(MAX_INGREDIENTS)
    .optional()
    .describe(
      `1 to ${MAX_INGREDIENTS} rows in order; or send ingredient1..${MAX_INGREDIENTS} with formula1..${MAX_INGREDIENTS} instead`,
    ),
  ...ingredientFieldsDoc,
});
export type AdminMealBody = z.input<typeof adminMealBody>;

const { $schema: _, ...mealBodyDoc } = z.toJSONSchema(adminMealBody, { io: 'input', target: 'draft-2020-12' });

/** A meal parser as the doors declare it: the body clients send (adminMealBody, also its description) to MealWrite. */
const mealInput = (mode: 'create' | 'update') =>
  mealParser(mode).meta(mealBodyDoc) as unknown as z.ZodType<MealWrite, AdminMealBody>;

export const adminMealCreateInput = mealInput('create');
export const adminMealUpdateInput = mealInput('update');

/** A meal, or a meal group, named by its path (admin/meal/{id}, admin/meal/group/{groupId}/meals). */
export const adminMealIdInput = z.object({ id: recordId });
export const adminMealGroupIdInput = z.object({ groupId: recordId });
export const adminMealListInput = pageInput.extend({ groupId: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A row of GET admin/meal/group/{id}/meals: what the table shows, with a small thumbnail. */
export const adminMealRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    meal_group_id: z.number().int(),
    meal_group_name: z.string(),
    position: z.number().int().describe('order within the group'),
    elixir_phase: z
      .number()
      .int()
      .nullable()
      .describe(
        `1 to ${ELIXIR_PHASE_NAMES.length} for the Saturni Elixir's phases (the first meals of Elixirs), else null`,
      ),
    ingredient_count: z.number().int(),
    image_id: z.number().int().nullable(),
    image_base64: z.string().nullable().describe('JPEG thumbnail (about 240 px), base64'),
  })
  .meta({ id: 'AdminMealRow' });
export type AdminMealRow = z.infer<typeof adminMealRowSchema>;

const ingredientAnswerFields = Object.fromEntries(
  Array.from({ length: MAX_INGREDIENTS }, (_, i) => [
    [`ingredient${i + 1}`, z.string().nullable()],
    [`formula${i + 1}`, z.number().nullable()],
  ]).flat(),
) as Record<`ingredient${number}`, z.ZodNullable<z.ZodString>> & Record<`formula${number}`, z.ZodNullable<z.ZodNumber>>;

/** One meal as admins edit it (docs/spec/admin.md §3), with both ingredient forms. */
const adminMealSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    meal_group_id: z.number().int(),
    meal_group_name: z.string(),
    description: z.string(),
    image_id: z.number().int().nullable(),
    image_path: z.string().nullable().describe('a signed address of the image'),
    video_id: z.number().int().nullable(),
    video_path: z.string().nullable().describe('a signed address of the video'),
    video_link: z.string().nullable(),
    ...ingredientAnswerFields,
    ingredients: z.array(z.object({ ingredient: z.string(), formula: z.number() })),
    kcal: z.number().nullable(),
    protein: z.number().nullable(),
    fat: z.number().nullable(),
    carbohydrate: z.number().nullable(),
    position: z.number().int(),
    elixir_phase: z.number().int().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminMeal' });
export type AdminMeal = z.infer<typeof adminMealSchema> &
  Record<`ingredient${number}`, string | null> &
  Record<`formula${number}`, number | null>;
export const adminMealAnswerSchema = z.object({ data: adminMealSchema });
export const adminMealDeletedSchema = z.object({ message: z.string() });
