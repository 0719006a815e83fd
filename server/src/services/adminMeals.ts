import type { z } from 'zod';
import {
  ELIXIR_PHASE_NAMES,
  MAX_INGREDIENTS,
  MEAL_GROUP,
  MEAL_MESSAGE,
  adminMealIdInput,
  adminMealListInput,
  type AdminMeal,
  type AdminMealRow,
  type MealWrite,
} from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { db } from '../db/kysely.ts';
import { Meal, MealGroup } from '../entities/index.ts';
import type { IMeal } from '../entities/Meal.ts';
import { DomainError, notFound, validationError } from '../errors.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { attachableMedia, mediaUrl } from './media.ts';
import { pageWindow, type Page } from './pagination.ts';

// Admin meals (docs/spec/admin.md §§3, 5, 7). Reads of the tree stay in nutrition.ts (mealGroupTree); this file is the
// one place meals are written. Rules the spec leaves open, decided here:
// - a new meal goes last in its group (position = the group's highest + 1), and so does a meal moved to another group;
// - the Saturni Elixir's phases are the first four meals of Elixirs: they cannot be deleted or moved out of Elixirs
//   (a member on phase four would lose it silently, or see another meal take its place); they are edited in place.

const PHASES = ELIXIR_PHASE_NAMES.length;

type MealId = z.output<typeof adminMealIdInput>;

/**
 * The Saturni Elixir phase (1 to 4) a meal is, or null: its rank among the meals of Elixirs by (position, id).
 */
async function elixirPhaseOfMeal(
  em: ServiceContext['em'],
  meal: Pick<IMeal, 'id' | 'position'> & { group: { id: number } },
): Promise<number | null> {
  if (meal.group.id !== MEAL_GROUP.elixirs) return null;
  const row = await db(em)
    .selectFrom('meals')
    .select((eb) => eb.fn.countAll().as('before'))
    .where((eb) =>
      eb.and([
        eb('group_id', '=', MEAL_GROUP.elixirs),
        eb.or([
          eb('position', '<', meal.position),
          eb.and([eb('position', '=', meal.position), eb('id', '<', meal.id)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  const rank = Number(row?.before ?? 0) + 1;
  return rank <= PHASES ? rank : null;
}

/** A meal as admins edit it: both ingredient forms, media ids with signed addresses, nutrition, its elixir phase. */
function adminMealDto(config: Pick<AppConfig, 'jwtSecret'>, meal: IMeal, elixirPhase: number | null): AdminMeal {
  const ingredients = meal.ingredients.map((i) => ({ ingredient: i.ingredient, formula: Number(i.formula) }));
  const numbered: Record<string, string | number | null> = {};
  for (let n = 1; n <= MAX_INGREDIENTS; n++) {
    numbered[`ingredient${n}`] = ingredients[n - 1]?.ingredient ?? null;
    numbered[`formula${n}`] = ingredients[n - 1]?.formula ?? null;
  }
  const figure = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    id: meal.id,
    name: meal.name,
    meal_group_id: meal.group.id,
    meal_group_name: meal.group.name,
    description: meal.description,
    image_id: meal.image?.id ?? null,
    image_path: mediaUrl(config, meal.image),
    video_id: meal.video?.id ?? null,
    video_path: mediaUrl(config, meal.video),
    video_link: meal.videoLink ?? null,
    ...numbered,
    ingredients,
    kcal: figure(meal.kcal),
    protein: figure(meal.protein),
    fat: figure(meal.fat),
    carbohydrate: figure(meal.carbohydrate),
    position: meal.position,
    elixir_phase: elixirPhase,
    updated_at: meal.updatedAt.toISOString(),
  } as AdminMeal;
}

/**
 * GET admin/meal/group/{id}/meals?page: a group's meals in order, 10 a page, each with its ingredient count, a
 * thumbnail and, in Elixirs, its Saturni Elixir phase; 404 for no such group. One read model in SQL.
 */
export async function listAdminGroupMeals(
  ctx: SignedInContext,
  { groupId, page }: z.output<typeof adminMealListInput>,
): Promise<Page<AdminMealRow>> {
  const { limit, offset } = pageWindow(page);
  const group = await db(ctx.em)
    .selectFrom('meal_groups as g')
    .select((eb) => [
      'g.name',
      eb
        .selectFrom('meals as m')
        .select((inner) => inner.fn.countAll().as('count'))
        .whereRef('m.group_id', '=', 'g.id')
        .as('total'),
    ])
    .where('g.id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound(MEAL_MESSAGE.groupNotFound);
  const rows = await db(ctx.em)
    .selectFrom('meals as m')
    .leftJoin('media as md', 'md.id', 'm.image_id')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.position',
      eb
        .cast<number>(eb.fn('jsonb_array_length', [eb.cast('m.ingredients', 'jsonb')]), 'integer')
        .as('ingredient_count'),
      'm.image_id',
      'md.thumbnail',
    ])
    .where('m.group_id', '=', groupId)
    .orderBy('m.position')
    .orderBy('m.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    items: rows.map((r, i) => {
      const rank = offset + i + 1;
      return {
        id: r.id,
        name: r.name,
        meal_group_id: groupId,
        meal_group_name: group.name,
        position: r.position,
        elixir_phase: groupId === MEAL_GROUP.elixirs && rank <= PHASES ? rank : null,
        ingredient_count: Number(r.ingredient_count),
        image_id: r.image_id,
        image_base64: r.thumbnail ? Buffer.from(r.thumbnail).toString('base64') : null,
      };
    }),
    total: Number(group.total),
    page,
    perPage: limit,
  };
}

async function findMeal(ctx: ServiceContext, id: number): Promise<IMeal> {
  const meal = await ctx.em.findOne(Meal, { id }, { populate: ['group'] });
  if (!meal) throw notFound(MEAL_MESSAGE.notFound);
  return meal;
}

/** GET admin/meal/{id}: one meal of any group; 404 when there is none. */
export async function getAdminMeal(ctx: SignedInContext, { id }: MealId): Promise<AdminMeal> {
  const meal = await findMeal(ctx, id);
  return adminMealDto(ctx.config, meal, await elixirPhaseOfMeal(ctx.em, meal));
}

/** The meal exists (a 404 otherwise): checked before an edit's body is read, as Laravel binds paths. */
export async function mealExists(ctx: SignedInContext, { id }: MealId): Promise<void> {
  await findMeal(ctx, id);
}

/** The group a meal may go in: one that exists (else 422 invalid) and holds meals, i.e. has no groups under it. */
async function mealHoldingGroup(ctx: ServiceContext, id: number) {
  const group = await ctx.em.findOne(MealGroup, { id });
  if (!group) throw validationError('meal_group_id', MEAL_MESSAGE.groupInvalid);
  if (await ctx.em.count(MealGroup, { parentId: id }))
    throw validationError('meal_group_id', MEAL_MESSAGE.groupHoldsNoMeals);
  return group;
}

/** The next place at the end of a group. */
async function lastPosition(ctx: ServiceContext, groupId: number): Promise<number> {
  const row = await db(ctx.em)
    .selectFrom('meals')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** The media of a body, checked to be uploads of the meal kinds; undefined where the body leaves them as they are. */
async function mealMedia(ctx: ServiceContext, input: MealWrite) {
  return {
    image:
      input.image_id === undefined
        ? undefined
        : await attachableMedia(ctx.em, input.image_id, ['meal_image'], 'image_id'),
    video:
      input.video_id === undefined
        ? undefined
        : await attachableMedia(ctx.em, input.video_id, ['meal_video'], 'video_id'),
  };
}

/** The columns a body sets; keys left undefined are not touched. */
function mealColumns(input: MealWrite) {
  const columns: Partial<IMeal> = { name: input.name, description: input.description };
  if (input.ingredients) columns.ingredients = input.ingredients;
  if (input.video_link !== undefined) columns.videoLink = input.video_link;
  for (const k of ['kcal', 'protein', 'fat', 'carbohydrate'] as const)
    if (input[k] !== undefined) columns[k] = input[k];
  return columns;
}

/** POST admin/meal: adds a meal at the end of its group (422 with every message of docs/spec/admin.md §5 otherwise). */
export async function createMeal(ctx: SignedInContext, input: MealWrite): Promise<AdminMeal> {
  const group = await mealHoldingGroup(ctx, input.meal_group_id);
  const { image, video } = await mealMedia(ctx, input);
  const meal = ctx.em.create(Meal, {
    ...mealColumns(input),
    name: input.name,
    description: input.description,
    ingredients: input.ingredients ?? [],
    group,
    image: image ?? null,
    video: video ?? null,
    position: await lastPosition(ctx, group.id),
  });
  await ctx.em.flush();
  return adminMealDto(ctx.config, meal, await elixirPhaseOfMeal(ctx.em, meal));
}

/**
 * PUT admin/meal/{id}: name, group and description as given; ingredients, media, video link and nutrition as given,
 * or kept when the body leaves them out. A meal moved to another group goes last there; an elixir phase stays put.
 */
export async function updateMeal(ctx: SignedInContext, { id, ...input }: MealId & MealWrite): Promise<AdminMeal> {
  const meal = await findMeal(ctx, id);
  const phase = await elixirPhaseOfMeal(ctx.em, meal);
  if (input.meal_group_id !== meal.group.id) {
    if (phase !== null) throw validationError('meal_group_id', MEAL_MESSAGE.elixirPhaseStays);
    const group = await mealHoldingGroup(ctx, input.meal_group_id);
    meal.group = group;
    meal.position = await lastPosition(ctx, group.id);
  }
  const { image, video } = await mealMedia(ctx, input);
  ctx.em.assign(meal, mealColumns(input));
  if (image !== undefined) meal.image = image;
  if (video !== undefined) meal.video = video;
  await ctx.em.flush();
  return adminMealDto(ctx.config, meal, await elixirPhaseOfMeal(ctx.em, meal));
}

/**
 * DELETE admin/meal/{id}: removes a meal (its uploads stay for other records); an elixir phase is refused with 409,
 * since members follow the four phases in order.
 */
export async function deleteMeal(ctx: SignedInContext, { id }: MealId): Promise<{ message: string }> {
  const meal = await findMeal(ctx, id);
  const phase = await elixirPhaseOfMeal(ctx.em, meal);
  if (phase !== null) throw new DomainError('CONFLICT', MEAL_MESSAGE.elixirPhaseUndeletable);
  ctx.em.remove(meal);
  await ctx.em.flush();
  return { message: MEAL_MESSAGE.deleted };
}
