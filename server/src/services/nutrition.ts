import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MEAL_GROUP,
  SUPERHUMAN_MESSAGE,
  elixirPhaseInput,
  mealIdInput,
  mealListInput,
  type MealDto,
  type MealGroupNode,
  type MealGroupTree,
  type MealRow,
  type Nutrition,
} from '@evolution/shared';
import { Meal, MealGroup } from '../entities/index.ts';
import type { IMeal } from '../entities/Meal.ts';
import { prepared, type Database } from '../db/kysely.ts';
import { notFound } from '../errors.ts';
import { assertSuperhumanAccess } from './access.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { mediaBase64, mediaUrl } from './media.ts';
import { pageWindow, type Page } from './pagination.ts';

// The superhuman channel's recipes (docs/product.md §4). Every read checks the reader's right to the channel here,
// so the member's calls and the admin screens that reuse these reads share one rule.

/** The caller's right to the channel (admins have it), with what came with their token. */
async function assertReader(ctx: SignedInContext): Promise<void> {
  await assertSuperhumanAccess(ctx.em, ctx.actor.me, ctx.actor.membership);
}

/** GET user/meal/group (and the admin's tree): the Aliment tree, each group with its children in order. */
export async function mealGroupTree(ctx: SignedInContext): Promise<MealGroupTree['data']> {
  await assertReader(ctx);
  const groups = await ctx.em.find(MealGroup, {}, { orderBy: { position: 'asc', id: 'asc' } });
  const node = (g: (typeof groups)[number]): MealGroupNode => {
    const parent = g.parentId ?? MEAL_GROUP.aliment;
    return {
      id: g.id,
      name: g.name,
      parent,
      parent_id: parent,
      children: groups.filter((c) => c.parentId === g.id).map(node),
    };
  };
  return groups.filter((g) => g.parentId === null).map(node);
}

/** A group's page of meals: one row per meal (one with null meal columns for a page past the end), each with the group's name and meal count. */
function mealListQuery(kysely: Kysely<Database>, groupId: number, limit: number, offset: number) {
  return kysely
    .selectFrom('meal_groups as g')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('meals')
          .select(['id', 'name', 'image_id', 'position'])
          .whereRef('group_id', '=', 'g.id')
          .orderBy('position')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .as('m'),
      (join) => join.onTrue(),
    )
    .leftJoin('media as md', 'md.id', 'm.image_id')
    .select((eb) => [
      'g.name as group_name',
      eb
        .selectFrom('meals as c')
        .select((c) => c.fn.countAll().as('total'))
        .whereRef('c.group_id', '=', 'g.id')
        .as('total'),
      'm.id',
      'm.name',
      'md.thumbnail',
    ])
    .where('g.id', '=', groupId)
    .orderBy('m.position')
    .orderBy('m.id');
}

const readMealList = prepared(mealListQuery);

/**
 * GET user/meal/group/{groupId}/meals?page: a group's meals in order with a thumbnail each; 404 for no such group.
 * One read model in SQL, one round trip: the group, its meal count and the page (thumbnails from the media rows).
 */
export async function listGroupMeals(
  ctx: SignedInContext,
  { groupId, page }: z.output<typeof mealListInput>,
): Promise<Page<MealRow>> {
  // The caller's plain facts: this hot read needs no entity.
  await assertSuperhumanAccess(ctx.em, ctx.actor.me, ctx.actor.membership);
  const { limit, offset } = pageWindow(page);
  const rows = await readMealList(ctx.em, groupId, limit, offset);
  const group = rows[0];
  if (!group) throw notFound(SUPERHUMAN_MESSAGE.groupNotFound);
  return {
    items: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        name: r.name!,
        image_base64: r.thumbnail ? Buffer.from(r.thumbnail).toString('base64') : null,
        meal_group_id: groupId,
        meal_group_name: group.group_name,
      })),
    total: Number(group.total),
    page,
    perPage: limit,
  };
}

/** Per-serving nutrition of a meal, or null unless all four figures are recorded. */
function mealNutrition(meal: Pick<IMeal, 'kcal' | 'protein' | 'fat' | 'carbohydrate'>): Nutrition | null {
  const { kcal, protein, fat, carbohydrate } = meal;
  if (kcal == null || protein == null || fat == null || carbohydrate == null) return null;
  return { kcal: Number(kcal), protein: Number(protein), fat: Number(fat), carbohydrate: Number(carbohydrate) };
}

async function mealDto(ctx: ServiceContext, meal: IMeal): Promise<MealDto> {
  return {
    id: meal.id,
    name: meal.name,
    image_base64: meal.image ? await mediaBase64(ctx.config, meal.image) : null,
    meal_group_id: meal.group.id,
    meal_group_name: meal.group.name,
    video_link: meal.videoLink ?? null,
    video_id: meal.video?.id ?? null,
    video_path: mediaUrl(ctx.config, meal.video),
    description: meal.description,
    ingredients_parsed: meal.ingredients.map((i) => ({ ingredient: i.ingredient, formula: Number(i.formula) })),
    nutrition: mealNutrition(meal),
  };
}

/** GET user/meal/{id}: a meal with its ingredients per serving, full image and nutrition; 404 when there is none. */
export async function getMeal(ctx: SignedInContext, { id }: z.output<typeof mealIdInput>): Promise<MealDto> {
  await assertReader(ctx);
  const meal = await ctx.em.findOne(Meal, { id }, { populate: ['group', 'image'] });
  if (!meal) throw notFound(SUPERHUMAN_MESSAGE.mealNotFound);
  return mealDto(ctx, meal);
}

/** GET user/meal/elixir/{phase}: phase n of the Saturni Elixir is the n-th meal of Elixirs; 404 when it is missing. */
export async function elixirPhase(
  ctx: SignedInContext,
  { phase }: z.output<typeof elixirPhaseInput>,
): Promise<MealDto> {
  await assertReader(ctx);
  const [meal] = await ctx.em.find(
    Meal,
    { group: MEAL_GROUP.elixirs },
    {
      populate: ['group', 'image'],
      orderBy: { position: 'asc', id: 'asc' },
      limit: 1,
      offset: phase - 1,
    },
  );
  if (!meal) throw notFound(SUPERHUMAN_MESSAGE.mealNotFound);
  return mealDto(ctx, meal);
}
