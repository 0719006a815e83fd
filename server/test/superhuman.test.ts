import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL,
  SERVER_MESSAGE,
  SUPERHUMAN_MESSAGE,
  macroDataSchema,
  macroGuidelinesSchema,
  mealGroupTreeSchema,
  mealRowSchema,
  mealSchema,
  paginatedSchema,
} from '@evolution/shared';
import { seedNutrition } from '../src/db/nutrition.ts';
import { ELIXIR_PHASES, RECIPES, recipeNutrition } from '../src/db/recipes.ts';
import { Evolution, Meal, Media, User } from '../src/entities/index.ts';
import { rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import {
  factFindMacrosAt80kgAnd20PercentFat,
  factFind as setupFactFind,
  parq as setupParq,
} from './helpers/setupForms.ts';
import { dataAnalysis, trainingMember, uploadThreePhotos } from './helpers/training.ts';

const ctx = useTestAppWithDataDir('superhuman');

let superhuman: { token: string; userId: number };
let warrior: { token: string; userId: number };
let adminToken: string;

beforeAll(async () => {
  superhuman = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
  warrior = await trainingMember(ctx.app, { channel: CHANNEL.warrior });
  adminToken = (await signedInAdmin(ctx.app)).token;
});

const get = (url: string, token?: string) => rest(ctx.app, 'GET', url, { token });
const decode = (b64: string) => sharp(Buffer.from(b64, 'base64')).metadata();

describe('the Aliment tree', () => {
  it("is the spec's tree of meal groups, on both surfaces", async () => {
    const res = await get('/api/user/meal/group', superhuman.token);
    expect(res.status).toBe(200);
    const tree = mealGroupTreeSchema.parse(res.body);
    const shape = (nodes: typeof tree.data): unknown =>
      nodes.map((g) => [g.id, g.name, g.parent_id, shape(g.children)]);
    expect(shape(tree.data)).toEqual([
      [1, 'Elixirs', 0, []],
      [
        2,
        'Major meals',
        0,
        [
          [6, 'Vegan', 2, []],
          [7, 'Vegetarian', 2, []],
          [8, 'Pescatarian', 2, []],
          [9, 'Prep', 2, []],
        ],
      ],
      [
        3,
        'Minor meals',
        0,
        [
          [10, 'Salads', 3, []],
          [11, 'Desserts', 3, []],
        ],
      ],
    ]);
    expect((await trpc(ctx.app, 'query', 'superhuman.mealGroups', undefined, superhuman.token)).data).toEqual(res.body);
  });
});

describe('GET user/meal/group/{groupId}/meals', () => {
  it("pages a group in Laravel's shape, each row with a small thumbnail", async () => {
    const res = await get('/api/user/meal/group/6/meals?page=1', superhuman.token);
    expect(res.status).toBe(200);
    const page = paginatedSchema(mealRowSchema.strict()).parse(res.body);
    const vegan = RECIPES.filter((r) => r.group === 6);
    expect(page.meta).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: vegan.length,
      last_page: Math.ceil(vegan.length / 10),
      from: 1,
    });
    expect(page.data.map((m) => m.name)).toEqual(vegan.slice(0, 10).map((r) => r.name));
    expect(page.data.every((m) => m.meal_group_id === 6 && m.meal_group_name === 'Vegan')).toBe(true);
    const thumb = await decode(page.data[0]!.image_base64!);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 240, 240]);
    expect(page.links.first).toMatch(/\/api\/user\/meal\/group\/6\/meals\?page=1$/);

    // Without page it is page 1; past the end it is an empty page; tRPC answers the same.
    expect((await get('/api/user/meal/group/6/meals', superhuman.token)).body).toEqual(res.body);
    const past = await get('/api/user/meal/group/6/meals?page=9', superhuman.token);
    expect(past.body).toMatchObject({ data: [], meta: { current_page: 9, from: null, total: vegan.length } });
    expect((await trpc(ctx.app, 'query', 'superhuman.meals', { groupId: 6, page: 1 }, superhuman.token)).data).toEqual(
      res.body,
    );
  });

  it("reads a bad page as page 1, as Laravel's paginator does, and answers an unknown group with 404", async () => {
    for (const bad of ['0', 'x', '-1', '1.5']) {
      const res = await get(`/api/user/meal/group/6/meals?page=${bad}`, superhuman.token);
      expect(res).toMatchObject({ status: 200, body: { meta: { current_page: 1 } } });
    }
    expect(await get('/api/user/meal/group/99/meals', superhuman.token)).toMatchObject({
      status: 404,
      body: { message: 'Meal group not found.' },
    });
    expect((await get('/api/user/meal/group/abc/meals', superhuman.token)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'superhuman.meals', { groupId: 99 }, superhuman.token)).status).toBe(404);
    expect(
      (await trpc(ctx.app, 'query', 'superhuman.meals', { groupId: 6, page: 0 }, superhuman.token)).data.meta,
    ).toMatchObject({ current_page: 1 });
  });
});

describe('GET user/meal/{id}', () => {
  it('answers the meal with its ingredients per serving, full picture and nutrition that agrees with them', async () => {
    const list = await get('/api/user/meal/group/8/meals', superhuman.token);
    const first = list.body.data[0];
    const res = await get(`/api/user/meal/${first.id}`, superhuman.token);
    expect(res.status).toBe(200);
    const meal = mealSchema.strict().parse(res.body).data;
    const recipe = RECIPES.find((r) => r.name === first.name)!;
    expect(meal).toMatchObject({
      id: first.id,
      name: recipe.name,
      meal_group_id: 8,
      meal_group_name: 'Pescatarian',
      description: recipe.description,
      video_link: null,
    });
    expect(meal.ingredients_parsed).toEqual(
      recipe.ingredients.map(([ingredient, formula]) => ({ ingredient, formula })),
    );
    expect(meal.nutrition).toEqual(recipeNutrition(recipe.ingredients));
    const picture = await decode(meal.image_base64!);
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 800, 600]);
    expect((await trpc(ctx.app, 'query', 'superhuman.meal', { id: first.id }, superhuman.token)).data).toEqual(
      res.body,
    );
  });

  it('is 404 for an unknown meal', async () => {
    expect(await get('/api/user/meal/999999', superhuman.token)).toMatchObject({
      status: 404,
      body: { message: 'Meal not found.' },
    });
    expect((await get('/api/user/meal/0', superhuman.token)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'superhuman.meal', { id: 999999 }, superhuman.token)).status).toBe(404);
  });
});

describe('the Saturni Elixir', () => {
  it('is the four meals of Elixirs, phase by phase', async () => {
    for (const [i, phase] of ELIXIR_PHASES.entries()) {
      const res = await get(`/api/user/meal/elixir/${i + 1}`, superhuman.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: phase.name,
        meal_group_id: 1,
        ingredients_parsed: phase.ingredients.map(([ingredient, formula]) => ({ ingredient, formula })),
      });
    }
    expect((await get('/api/user/meal/elixir/5', superhuman.token)).status).toBe(404);
    expect(
      (await trpc(ctx.app, 'query', 'superhuman.elixirPhase', { phase: 2 }, superhuman.token)).data.data.name,
    ).toBe(ELIXIR_PHASES[1]!.name);
    expect((await trpc(ctx.app, 'query', 'superhuman.elixirPhase', { phase: 5 }, superhuman.token)).status).toBe(422);
  });
});

describe('who may read superhuman content', () => {
  const calls = ['/api/user/meal/group', '/api/user/meal/group/6/meals', '/api/user/meal/elixir/1'];

  it('refuses a Warrior-only member, a member whose flag is off, one without a plan, and one in setup (403)', async () => {
    const off = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
    await ctx.app.orm.em.fork().nativeUpdate(User, { id: off.userId }, { access: { superhuman_channel: false } });
    const unsubscribed = await trainingMember(ctx.app, { subscribed: false });
    const inSetup = await trainingMember(ctx.app, { channel: CHANNEL.superhuman, setupDone: false });
    const mealId = (await get('/api/user/meal/group/6/meals', superhuman.token)).body.data[0].id;
    // Each says why: the plan, the admin's switch, no subscription; setup unfinished keeps Laravel's own words.
    const refusals = [
      [warrior, SERVER_MESSAGE.notInPlan],
      [off, SERVER_MESSAGE.switchedOff],
      [unsubscribed, SERVER_MESSAGE.subscriptionRequired],
      [inSetup, SERVER_MESSAGE.unauthorized],
    ] as const;
    for (const [who, message] of refusals) {
      for (const url of [...calls, `/api/user/meal/${mealId}`]) {
        expect(await get(url, who.token)).toMatchObject({ status: 403, body: { message } });
      }
      expect((await trpc(ctx.app, 'query', 'superhuman.meals', { groupId: 6 }, who.token)).status).toBe(403);
    }
    // The flag off also shows in the member's access map, so the client hides the channel.
    expect((await get('/api/user', off.token)).body.access).toMatchObject({
      superhuman_channel: false,
      warrior_channel: true,
    });
  });

  it('asks for a token (401) and keeps the member calls for members (403 for an admin)', async () => {
    for (const url of calls)
      expect(await get(url)).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await get('/api/user/meal/group/6/meals', adminToken)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'superhuman.mealGroups')).status).toBe(401);
  });
});

describe('macro data', () => {
  const parq = setupParq({ e_signature: 'M. Macro' });
  const factFind = setupFactFind();

  /** A superhuman member through the PAR-Q and fact-find, then a calibration data analysis at this weight and body fat. */
  async function measuredMember(weight: number, bodyFat: number, aesthetic = 'Titan') {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman, setupDone: false });
    expect(
      (await rest(ctx.app, 'POST', '/api/user/application_details', { token: member.token, body: parq })).status,
    ).toBe(200);
    expect(
      (
        await rest(ctx.app, 'POST', '/api/user/fact_finding_details', {
          token: member.token,
          body: { ...factFind, desired_aesthetic: aesthetic },
        })
      ).status,
    ).toBe(200);
    expect(await get('/api/user/evolution/macro_data', member.token)).toMatchObject({
      status: 404,
      body: { message: SUPERHUMAN_MESSAGE.needsMeasurements },
    });
    const ids = await uploadThreePhotos(ctx.app, member.token);
    await ctx.app.orm.em.fork().nativeUpdate(Evolution, { user: member.userId }, { phase: 3 });
    const analysis = await rest(ctx.app, 'POST', '/api/user/channel/warrior/calibration/phase/data-analysis', {
      token: member.token,
      body: dataAnalysis(ids, { weight, body_fat: bodyFat }),
    });
    expect(analysis.status).toBe(200);
    return member;
  }

  it('gives the figures of docs/product.md §4 from the fact-find and the latest data analysis', async () => {
    const member = await measuredMember(80, 20);
    const res = await get('/api/user/evolution/macro_data', member.token);
    expect(res.status).toBe(200);
    expect(macroDataSchema.strict().parse(res.body)).toEqual({
      ...factFindMacrosAt80kgAnd20PercentFat,
      desired_body_fat: 10.5,
      desired_aesthetic: 'Titan',
      body_fat: 20,
      weight: 80,
      energy_balance: 'deficit',
    });
    expect((await trpc(ctx.app, 'query', 'superhuman.macroData', undefined, member.token)).data).toEqual(res.body);
    // The guidelines carry the same figures for this member.
    const guide = macroGuidelinesSchema.parse((await get('/api/user/macro_guidelines', member.token)).body);
    expect(guide).toMatchObject({ macros: res.body, reason: null, page: { title: 'Macro guidelines' } });
  });

  it('refuses a Warrior-only member with the tier message, and a member whose micro_data is off', async () => {
    expect(await get('/api/user/evolution/macro_data', warrior.token)).toMatchObject({
      status: 403,
      body: { message: SUPERHUMAN_MESSAGE.notEligible },
    });
    expect((await get('/api/user/macro_guidelines', warrior.token)).body).toMatchObject({
      macros: null,
      reason: 'not_eligible',
    });
    const member = await measuredMember(70, 5, 'Warrior');
    expect((await get('/api/user/evolution/macro_data', member.token)).body.energy_balance).toBe('surplus');
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(User, { id: member.userId }, { access: { evolution_page: true, micro_data: false } });
    expect(await get('/api/user/evolution/macro_data', member.token)).toMatchObject({
      status: 403,
      body: { message: SUPERHUMAN_MESSAGE.macrosOff },
    });
    expect((await trpc(ctx.app, 'query', 'superhuman.macroData', undefined, member.token)).status).toBe(403);
    expect((await get('/api/user/macro_guidelines', member.token)).body).toMatchObject({
      macros: null,
      reason: 'switched_off',
    });
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(User, { id: member.userId }, { access: { evolution_page: true, micro_data: true } });
    expect((await get('/api/user/evolution/macro_data', member.token)).status).toBe(200);
  });

  it('is 404 before measurements, 401 without a token, and for members only; the guidelines are open to admins', async () => {
    expect((await get('/api/user/evolution/macro_data', superhuman.token)).status).toBe(404);
    expect((await get('/api/user/macro_guidelines', superhuman.token)).body).toMatchObject({
      macros: null,
      reason: 'no_data',
    });
    expect((await get('/api/user/evolution/macro_data')).status).toBe(401);
    expect((await get('/api/user/evolution/macro_data', adminToken)).status).toBe(403);
    const admin = await get('/api/user/macro_guidelines', adminToken);
    expect(admin).toMatchObject({ status: 200, body: { macros: null, page: { title: 'Macro guidelines' } } });
    expect((await get('/api/user/macro_guidelines')).status).toBe(401);
  });
});

describe('the seeded nutrition content', () => {
  it('has at least five recipes in each of groups 6 to 11, each with a picture on disk, and seeds once', async () => {
    const em = ctx.app.orm.em.fork();
    for (const group of [6, 7, 8, 9, 10, 11]) expect(await em.count(Meal, { group })).toBeGreaterThanOrEqual(5);
    const meals = await em.find(Meal, {}, { populate: ['image'] });
    expect(meals).toHaveLength(RECIPES.length + ELIXIR_PHASES.length);
    for (const meal of meals) {
      expect(meal.image).not.toBeNull();
      expect(existsSync(join(ctx.dataDir, meal.image!.path))).toBe(true);
      expect(meal.ingredients.length).toBeLessThanOrEqual(12);
    }
    expect(await seedNutrition(ctx.app.orm.em.fork(), { dataDir: ctx.dataDir })).toBe(false);
    expect(await em.fork().count(Media, { kind: 'meal_image' })).toBe(meals.length);
  });
});

describe('the OpenAPI description', () => {
  it('documents every superhuman call', async () => {
    const { body } = await get('/api/openapi.json');
    const paths = [
      '/user/meal/group',
      '/user/meal/group/{groupId}/meals',
      '/user/meal/{id}',
      '/user/meal/elixir/{phase}',
      '/user/evolution/macro_data',
      '/user/macro_guidelines',
    ];
    expect(paths.filter((path) => !body.paths[path]?.get)).toEqual([]);
    // The tree's node is a named schema whose children are itself.
    expect(JSON.stringify(body.paths['/user/meal/group'].get.responses[200])).toContain(
      '#/components/schemas/MealGroup',
    );
    expect(body.components.schemas.MealGroup.properties.children.items).toEqual({
      $ref: '#/components/schemas/MealGroup',
    });
  });
});
