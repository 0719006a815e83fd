import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL,
  MEAL_MESSAGE,
  adminMealAnswerSchema,
  adminMealRowSchema,
  ingredientNameRequired,
  ingredientQuantityInvalid,
  ingredientQuantityRequired,
  mealGroupTreeSchema,
  paginatedSchema,
} from '@evolution/shared';
import { ELIXIR_PHASES, RECIPES } from '../src/db/recipes.ts';
import { Meal, Media } from '../src/entities/index.ts';
import { storeImage } from '../src/services/media.ts';
import { expectFieldErrors, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { trainingMember, uploadPhoto } from './helpers/training.ts';

const ctx = useTestAppWithDataDir('admin-meals');

let adminToken: string;
let member: { token: string; userId: number };
let imageId: number;
let otherImageId: number;
let videoId: number;
let photoId: number;

/** An uploaded meal image, as the media routes store one. */
async function mealImage(colour: string): Promise<number> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const media = await storeImage({ em: ctx.app.orm.em.fork(), config: ctx.app.config }, 'meal_image', {
    data,
    width: 64,
    height: 48,
  });
  return media.id;
}

beforeAll(async () => {
  adminToken = (await signedInAdmin(ctx.app)).token;
  member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
  imageId = await mealImage('#2e86c1');
  otherImageId = await mealImage('#27ae60');
  const em = ctx.app.orm.em.fork();
  const video = em.create(Media, {
    kind: 'meal_video',
    path: `uploads/test-${Date.now()}.mp4`,
    mime: 'video/mp4',
    size: 1024,
    width: null,
    height: null,
    owner: null,
  });
  await em.flush();
  videoId = video.id;
  const photo = await uploadPhoto(ctx.app, member.token);
  photoId = photo.body.image.id;
});

const as = (token: string | undefined) => ({
  get: (url: string) => rest(ctx.app, 'GET', url, { token }),
  post: (url: string, body: unknown) => rest(ctx.app, 'POST', url, { token, body }),
  put: (url: string, body: unknown) => rest(ctx.app, 'PUT', url, { token, body }),
  del: (url: string) => rest(ctx.app, 'DELETE', url, { token }),
});
const adminCall = () => as(adminToken);
const mealCount = () => ctx.app.orm.em.fork().count(Meal, {});

const VEGAN = RECIPES.filter((r) => r.group === 6);

const oats = {
  name: 'Overnight oats with berries',
  meal_group_id: 6,
  description: 'Soak the oats overnight.\n\nTop with berries.',
  ingredients: [
    { ingredient: 'Rolled oats (g)', formula: 60 },
    { ingredient: 'Oat milk (ml)', formula: '200' },
    { ingredient: 'Blueberries (g)', formula: 75.5 },
  ],
};

describe('who may call the admin meal calls', () => {
  it('anonymous callers get 401 and members 403 on every call, both surfaces', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/meal/group'],
      ['GET', '/api/admin/meal/group/6/meals'],
      ['GET', '/api/admin/meal/1'],
      ['POST', '/api/admin/meal', oats],
      ['PUT', '/api/admin/meal/1', oats],
      ['DELETE', '/api/admin/meal/30'],
    ];
    for (const [method, url, body] of calls) {
      expect({ url, ...(await rest(ctx.app, method as 'GET', url, { body })) }).toMatchObject({
        url,
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
      expect({ url, ...(await rest(ctx.app, method as 'GET', url, { body, token: member.token })) }).toMatchObject({
        url,
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
    }
    const procedures: ['query' | 'mutation', string, unknown][] = [
      ['query', 'admin.meals.groups', undefined],
      ['query', 'admin.meals.list', { groupId: 6 }],
      ['query', 'admin.meals.get', { id: 1 }],
      ['mutation', 'admin.meals.create', oats],
      ['mutation', 'admin.meals.update', { id: 1, ...oats }],
      ['mutation', 'admin.meals.remove', { id: 30 }],
    ];
    for (const [kind, path, input] of procedures) {
      expect([path, (await trpc(ctx.app, kind, path, input)).status]).toEqual([path, 401]);
      expect([path, (await trpc(ctx.app, kind, path, input, member.token)).status]).toEqual([path, 403]);
    }
    expect(await mealCount()).toBe(ELIXIR_PHASES.length + RECIPES.length);
  });
});

describe('GET admin/meal/group and admin/meal/group/{id}/meals', () => {
  it("answers the members' tree of meal groups", async () => {
    const res = await adminCall().get('/api/admin/meal/group');
    expect(res.status).toBe(200);
    expect(mealGroupTreeSchema.parse(res.body)).toEqual((await as(member.token).get('/api/user/meal/group')).body);
    expect((await trpc(ctx.app, 'query', 'admin.meals.groups', undefined, adminToken)).data).toEqual(res.body);
  });

  it("pages a group's meals in Laravel's shape, in order, with counts and thumbnails", async () => {
    const res = await adminCall().get('/api/admin/meal/group/6/meals?page=1');
    expect(res.status).toBe(200);
    const page = paginatedSchema(adminMealRowSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: VEGAN.length, last_page: 1, from: 1 });
    expect(page.data.map((m) => [m.name, m.ingredient_count, m.elixir_phase])).toEqual(
      VEGAN.map((r) => [r.name, r.ingredients.length, null]),
    );
    expect(page.data.every((m) => m.meal_group_name === 'Vegan' && m.image_base64 && m.image_id)).toBe(true);
    expect(page.links.first).toMatch(/\/api\/admin\/meal\/group\/6\/meals\?page=1$/);
    expect((await trpc(ctx.app, 'query', 'admin.meals.list', { groupId: 6, page: 1 }, adminToken)).data).toEqual(
      res.body,
    );
  });

  it("marks the first four meals of Elixirs as the Saturni Elixir's phases", async () => {
    const res = await adminCall().get('/api/admin/meal/group/1/meals');
    expect(res.body.data.map((m: { name: string; elixir_phase: number }) => [m.name, m.elixir_phase])).toEqual(
      ELIXIR_PHASES.map((p, i) => [p.name, i + 1]),
    );
  });

  it('answers 404 for an unknown group and 422 for a bad page', async () => {
    expect(await adminCall().get('/api/admin/meal/group/99/meals')).toMatchObject({
      status: 404,
      body: { message: MEAL_MESSAGE.groupNotFound },
    });
    expect((await adminCall().get('/api/admin/meal/group/abc/meals')).status).toBe(404);
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    expect(await adminCall().get('/api/admin/meal/group/6/meals?page=0')).toMatchObject({
      status: 200,
      body: { meta: { current_page: 1 } },
    });
    expect((await trpc(ctx.app, 'query', 'admin.meals.list', { groupId: 99 }, adminToken)).status).toBe(404);
  });
});

describe('GET admin/meal/{id}', () => {
  it("answers the spec's meal shape with ingredient1..12, formula1..12 and the ingredients list", async () => {
    const first = (await adminCall().get('/api/admin/meal/group/6/meals')).body.data[0];
    const res = await adminCall().get(`/api/admin/meal/${first.id}`);
    expect(res.status).toBe(200);
    const meal = adminMealAnswerSchema.strict().parse(res.body).data as Record<string, unknown>;
    const recipe = VEGAN[0]!;
    expect(meal).toMatchObject({
      id: first.id,
      name: recipe.name,
      meal_group_id: 6,
      meal_group_name: 'Vegan',
      description: recipe.description,
      image_id: first.image_id,
      video_id: null,
      video_path: null,
      elixir_phase: null,
    });
    expect(meal.ingredients).toEqual(recipe.ingredients.map(([ingredient, formula]) => ({ ingredient, formula })));
    for (let n = 1; n <= 12; n++)
      expect([meal[`ingredient${n}`], meal[`formula${n}`]]).toEqual(recipe.ingredients[n - 1] ?? [null, null]);
    expect(meal.image_path).toMatch(new RegExp(`/api/media/${first.image_id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect((await trpc(ctx.app, 'query', 'admin.meals.get', { id: first.id }, adminToken)).data).toEqual(res.body);
  });

  it('answers 404 for an unknown meal', async () => {
    expect(await adminCall().get('/api/admin/meal/99999')).toMatchObject({
      status: 404,
      body: { message: MEAL_MESSAGE.notFound },
    });
    expect((await adminCall().get('/api/admin/meal/abc')).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'admin.meals.get', { id: 99999 }, adminToken)).status).toBe(404);
  });
});

describe('POST admin/meal', () => {
  it('adds a meal last in its group with its image, and a member then finds it with its ingredients', async () => {
    const before = (await adminCall().get('/api/admin/meal/group/6/meals')).body.data as { position: number }[];
    const res = await adminCall().post('/api/admin/meal', {
      ...oats,
      image_id: imageId,
      video_id: videoId,
      video_link: 'https://vimeo.com/123',
      kcal: 420,
      protein: '14.5',
      fat: 9,
      carbohydrate: 70,
    });
    expect(res.status).toBe(201);
    const meal = adminMealAnswerSchema.strict().parse(res.body).data;
    expect(meal).toMatchObject({
      name: oats.name,
      meal_group_id: 6,
      image_id: imageId,
      video_id: videoId,
      video_link: 'https://vimeo.com/123',
      kcal: 420,
      protein: 14.5,
      position: Math.max(...before.map((m) => m.position)) + 1,
      ingredient3: 'Blueberries (g)',
      formula3: 75.5,
      ingredient4: null,
    });
    expect(meal.ingredients).toEqual([
      { ingredient: 'Rolled oats (g)', formula: 60 },
      { ingredient: 'Oat milk (ml)', formula: 200 },
      { ingredient: 'Blueberries (g)', formula: 75.5 },
    ]);

    const list = await as(member.token).get('/api/user/meal/group/6/meals');
    expect(list.body.data.at(-1)).toMatchObject({ id: meal.id, name: oats.name });
    expect(list.body.data.at(-1).image_base64).toBeTruthy();
    const seen = await as(member.token).get(`/api/user/meal/${meal.id}`);
    expect(seen.body.data).toMatchObject({
      name: oats.name,
      video_id: videoId,
      ingredients_parsed: meal.ingredients,
      nutrition: { kcal: 420, protein: 14.5, fat: 9, carbohydrate: 70 },
    });
  });

  it('takes the original fields ingredient1..12 / formula1..12, as a form post too', async () => {
    const form = new URLSearchParams({
      name: 'Tofu scramble',
      meal_group_id: '7',
      description: 'Crumble and fry.',
      ingredient1: 'Firm tofu (g)',
      formula1: '150',
      ingredient2: 'Turmeric (tsp)',
      formula2: '0.5',
      ingredient3: '',
      formula3: '',
    });
    const res = await rest(ctx.app, 'POST', '/api/admin/meal', {
      token: adminToken,
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      meal_group_name: 'Vegetarian',
      ingredient1: 'Firm tofu (g)',
      formula1: 150,
      ingredient2: 'Turmeric (tsp)',
      formula2: 0.5,
      ingredient3: null,
      image_id: null,
      kcal: null,
    });
    expect(res.body.data.ingredients).toHaveLength(2);
  });

  it('is admin.meals.create through tRPC', async () => {
    const res = await trpc(
      ctx.app,
      'mutation',
      'admin.meals.create',
      { ...oats, name: 'Chia pudding', meal_group_id: 11 },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ name: 'Chia pudding', meal_group_id: 11, meal_group_name: 'Desserts' });
  });

  it("refuses missing fields with the spec's messages, and adds nothing", async () => {
    const count = await mealCount();
    const res = await adminCall().post('/api/admin/meal', {});
    expectFieldErrors(res, {
      name: [MEAL_MESSAGE.nameRequired],
      meal_group_id: [MEAL_MESSAGE.groupRequired],
      description: [MEAL_MESSAGE.descriptionRequired],
      ingredients: [MEAL_MESSAGE.ingredientsRequired],
    });
    expect(res.body.message).toBe('Enter the name. (and 3 more errors)');
    const blank = await adminCall().post('/api/admin/meal', { ...oats, name: '  ', description: '' });
    expect(blank.body.errors).toEqual({
      name: ['Enter the name.'],
      description: ['Enter the description.'],
    });
    expect(await mealCount()).toBe(count);
  });

  it('refuses a blank ingredient name or quantity with the messages of docs/spec/admin.md §5, in either form', async () => {
    const count = await mealCount();
    const rows = [
      { ingredient: 'Oats (g)', formula: 50 },
      { ingredient: ' ', formula: 10 },
      { ingredient: 'Milk (ml)', formula: '' },
      { ingredient: '', formula: null },
    ];
    const list = await adminCall().post('/api/admin/meal', { ...oats, ingredients: rows });
    expectFieldErrors(list, {
      'ingredients.1.ingredient': ['The name of Ingredient 2 is required, or you can remove the Ingredient.'],
      'ingredients.2.formula': ['The quantity of Ingredient 3 is required, or you can remove the Ingredient.'],
      'ingredients.3.ingredient': [ingredientNameRequired(4)],
      'ingredients.3.formula': [ingredientQuantityRequired(4)],
    });
    const fields = await adminCall().post('/api/admin/meal', {
      name: 'x',
      meal_group_id: 6,
      description: 'y',
      ingredient1: 'Oats (g)',
      formula1: '',
      ingredient2: '',
      formula2: '3',
    });
    expect(fields.body.errors).toEqual({
      formula1: [ingredientQuantityRequired(1)],
      ingredient2: [ingredientNameRequired(2)],
    });
    expect(
      (await trpc(ctx.app, 'mutation', 'admin.meals.create', { ...oats, ingredients: rows }, adminToken)).error.data
        .errors,
    ).toEqual(list.body.errors);
    expect(await mealCount()).toBe(count);
  });

  it('refuses a quantity that is not a positive amount with at most 2 decimals', async () => {
    for (const formula of [0, -1, 'abc', '1.234', '1e3', true]) {
      const res = await adminCall().post('/api/admin/meal', {
        ...oats,
        ingredients: [{ ingredient: 'Oats (g)', formula }],
      });
      expect([formula, res.body.errors]).toEqual([
        formula,
        { 'ingredients.0.formula': [ingredientQuantityInvalid(1)] },
      ]);
    }
    const big = await adminCall().post('/api/admin/meal', {
      ...oats,
      ingredients: [{ ingredient: 'Oats (g)', formula: 10_001 }],
    });
    expect(big.body.errors).toEqual({
      'ingredients.0.formula': ['The quantity of Ingredient 1 may not be greater than 10000.'],
    });
  });

  it('refuses a 13th ingredient, in either form', async () => {
    const count = await mealCount();
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ ingredient: `Item ${i + 1} (g)`, formula: i + 1 }));
    const list = await adminCall().post('/api/admin/meal', { ...oats, ingredients: thirteen });
    expect(list).toMatchObject({ status: 422, body: { errors: { ingredients: [MEAL_MESSAGE.tooManyIngredients] } } });
    expect(MEAL_MESSAGE.tooManyIngredients).toBe('A meal may have at most 12 ingredients.');
    const fields = await adminCall().post('/api/admin/meal', {
      name: 'x',
      meal_group_id: 6,
      description: 'y',
      ingredient1: 'Oats (g)',
      formula1: 1,
      ingredient13: 'Salt (g)',
      formula13: 1,
    });
    expect(fields.body.errors).toEqual({ ingredients: [MEAL_MESSAGE.tooManyIngredients] });
    const twelve = await adminCall().post('/api/admin/meal', {
      ...oats,
      name: 'Twelve things',
      ingredients: thirteen.slice(0, 12),
    });
    expect(twelve.status).toBe(201);
    expect(twelve.body.data.ingredient12).toBe('Item 12 (g)');
    expect(await mealCount()).toBe(count + 1);
  });

  it('puts meals only in a group that holds meals', async () => {
    for (const group of [2, 3]) {
      expect([
        group,
        (await adminCall().post('/api/admin/meal', { ...oats, meal_group_id: group })).body.errors,
      ]).toEqual([group, { meal_group_id: [MEAL_MESSAGE.groupHoldsNoMeals] }]);
    }
    expect((await adminCall().post('/api/admin/meal', { ...oats, meal_group_id: 99 })).body.errors).toEqual({
      meal_group_id: [MEAL_MESSAGE.groupInvalid],
    });
    expect((await adminCall().post('/api/admin/meal', { ...oats, meal_group_id: 'vegan' })).body.errors).toEqual({
      meal_group_id: ['Choose a meal group from the list.'],
    });
  });

  it('attaches only uploads of the meal kinds', async () => {
    const count = await mealCount();
    expect((await adminCall().post('/api/admin/meal', { ...oats, image_id: photoId })).body.errors).toEqual({
      image_id: ['The image could not be found: upload it again.'],
    });
    expect((await adminCall().post('/api/admin/meal', { ...oats, image_id: 99999 })).body.errors).toEqual({
      image_id: ['The image could not be found: upload it again.'],
    });
    expect((await adminCall().post('/api/admin/meal', { ...oats, video_id: imageId })).body.errors).toEqual({
      video_id: ['The video could not be found: upload it again.'],
    });
    expect((await adminCall().post('/api/admin/meal', { ...oats, image_id: 'x' })).body.errors).toEqual({
      image_id: ['The image id must be a whole number.'],
    });
    expect(
      (await adminCall().post('/api/admin/meal', { ...oats, video_link: 'javascript:alert(1)' })).body.errors,
    ).toEqual({ video_link: [MEAL_MESSAGE.videoLink] });
    expect(await mealCount()).toBe(count);
  });

  it('takes nutrition figures that are all four or none, and never negative', async () => {
    expect((await adminCall().post('/api/admin/meal', { ...oats, kcal: 300, protein: 10 })).body.errors).toEqual({
      fat: [MEAL_MESSAGE.nutritionAllOrNone],
      carbohydrate: [MEAL_MESSAGE.nutritionAllOrNone],
    });
    expect(
      (await adminCall().post('/api/admin/meal', { ...oats, kcal: -1, protein: 1, fat: 1, carbohydrate: 1 })).body
        .errors,
    ).toEqual({ kcal: ['The kcal must be at least 0.'] });
    expect(
      (await adminCall().post('/api/admin/meal', { ...oats, kcal: 'lots', protein: 1, fat: 1, carbohydrate: 1 })).body
        .errors,
    ).toEqual({ kcal: ['The kcal must be a number.'] });
    const zero = await adminCall().post('/api/admin/meal', {
      ...oats,
      name: 'Water',
      kcal: 0,
      protein: 0,
      fat: '',
      carbohydrate: null,
    });
    expect(zero.body.errors).toEqual({
      fat: [MEAL_MESSAGE.nutritionAllOrNone],
      carbohydrate: [MEAL_MESSAGE.nutritionAllOrNone],
    });
  });
});

describe('PUT admin/meal/{id}', () => {
  let mealId: number;
  beforeAll(async () => {
    mealId = (
      await adminCall().post('/api/admin/meal', {
        ...oats,
        name: 'To edit',
        image_id: imageId,
        kcal: 1,
        protein: 1,
        fat: 1,
        carbohydrate: 1,
      })
    ).body.data.id;
  });

  it('saves the fields given and keeps the ones left out', async () => {
    const res = await adminCall().put(`/api/admin/meal/${mealId}`, {
      name: 'Edited oats',
      meal_group_id: 6,
      description: 'New method.',
      ingredient1: 'Jumbo oats (g)',
      formula1: '70',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Edited oats',
      description: 'New method.',
      image_id: imageId,
      kcal: 1,
      ingredients: [{ ingredient: 'Jumbo oats (g)', formula: 70 }],
      ingredient2: null,
    });
    const kept = await adminCall().put(`/api/admin/meal/${mealId}`, {
      name: 'Edited oats',
      meal_group_id: 6,
      description: 'New method.',
      image_id: otherImageId,
      kcal: null,
      protein: null,
      fat: null,
      carbohydrate: null,
    });
    expect(kept.body.data).toMatchObject({
      image_id: otherImageId,
      kcal: null,
      ingredients: [{ ingredient: 'Jumbo oats (g)', formula: 70 }],
    });
    const cleared = await adminCall().put(`/api/admin/meal/${mealId}`, {
      name: 'Edited oats',
      meal_group_id: 6,
      description: 'New method.',
      image_id: null,
    });
    expect(cleared.body.data).toMatchObject({ image_id: null, image_path: null });
    expect((await adminCall().get(`/api/admin/meal/${mealId}`)).body).toEqual(cleared.body);
  });

  it('moves a meal to the end of another group', async () => {
    const res = await trpc(
      ctx.app,
      'mutation',
      'admin.meals.update',
      { id: mealId, ...oats, name: 'Moved oats', meal_group_id: 10 },
      adminToken,
    );
    expect(res.status).toBe(200);
    const salads = (await adminCall().get('/api/admin/meal/group/10/meals')).body;
    expect(salads.data.at(-1)).toMatchObject({ id: mealId, name: 'Moved oats', meal_group_name: 'Salads' });
  });

  it('refuses bad input with 422 and changes nothing, and an unknown meal with 404', async () => {
    const before = (await adminCall().get(`/api/admin/meal/${mealId}`)).body;
    const res = await adminCall().put(`/api/admin/meal/${mealId}`, {
      name: '',
      meal_group_id: 6,
      description: 'x',
      ingredients: [{ ingredient: 'Oats (g)', formula: '' }],
    });
    expect(res.body.errors).toEqual({
      name: [MEAL_MESSAGE.nameRequired],
      'ingredients.0.formula': [ingredientQuantityRequired(1)],
    });
    expect((await adminCall().put(`/api/admin/meal/${mealId}`, { ...oats, meal_group_id: 2 })).body.errors).toEqual({
      meal_group_id: [MEAL_MESSAGE.groupHoldsNoMeals],
    });
    expect((await adminCall().put(`/api/admin/meal/${mealId}`, { ...oats, ingredients: [] })).body.errors).toEqual({
      ingredients: [MEAL_MESSAGE.ingredientsRequired],
    });
    expect((await adminCall().get(`/api/admin/meal/${mealId}`)).body).toEqual(before);
    expect(await adminCall().put('/api/admin/meal/99999', oats)).toMatchObject({
      status: 404,
      body: { message: MEAL_MESSAGE.notFound },
    });
    expect((await trpc(ctx.app, 'mutation', 'admin.meals.update', { id: 99999, ...oats }, adminToken)).status).toBe(
      404,
    );
  });
});

describe("the Saturni Elixir's phases", () => {
  const phase = async (n: number) =>
    (await adminCall().get('/api/admin/meal/group/1/meals')).body.data[n - 1] as { id: number; name: string };

  it('are edited in place, and members see the change on their phase', async () => {
    const four = await phase(4);
    const meal = (await adminCall().get(`/api/admin/meal/${four.id}`)).body.data;
    expect(meal.elixir_phase).toBe(4);
    const res = await adminCall().put(`/api/admin/meal/${four.id}`, {
      ...meal,
      name: 'Saturni Elixir: Phase Four (evening)',
    });
    expect(res.status).toBe(200);
    const seen = await as(member.token).get('/api/user/meal/elixir/4');
    expect(seen.body.data).toMatchObject({
      id: four.id,
      name: 'Saturni Elixir: Phase Four (evening)',
      ingredients_parsed: meal.ingredients,
    });
  });

  it('cannot be moved out of Elixirs or deleted; a fifth elixir can', async () => {
    const one = await phase(1);
    const meal = (await adminCall().get(`/api/admin/meal/${one.id}`)).body.data;
    expect((await adminCall().put(`/api/admin/meal/${one.id}`, { ...meal, meal_group_id: 6 })).body.errors).toEqual({
      meal_group_id: [MEAL_MESSAGE.elixirPhaseStays],
    });
    expect(await adminCall().del(`/api/admin/meal/${one.id}`)).toMatchObject({
      status: 409,
      body: { message: MEAL_MESSAGE.elixirPhaseUndeletable },
    });
    expect((await trpc(ctx.app, 'mutation', 'admin.meals.remove', { id: one.id }, adminToken)).status).toBe(409);
    expect((await as(member.token).get('/api/user/meal/elixir/1')).body.data.id).toBe(one.id);

    const fifth = await adminCall().post('/api/admin/meal', { ...oats, name: 'A fifth elixir', meal_group_id: 1 });
    expect(fifth.body.data).toMatchObject({ meal_group_id: 1, elixir_phase: null });
    expect((await adminCall().del(`/api/admin/meal/${fifth.body.data.id}`)).status).toBe(200);
  });
});

describe('DELETE admin/meal/{id}', () => {
  it('removes a meal from the admin and member lists; then it is 404', async () => {
    const made = (await adminCall().post('/api/admin/meal', { ...oats, name: 'Short-lived' })).body.data;
    const res = await adminCall().del(`/api/admin/meal/${made.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: MEAL_MESSAGE.deleted } });
    expect((await adminCall().get(`/api/admin/meal/${made.id}`)).status).toBe(404);
    expect((await as(member.token).get(`/api/user/meal/${made.id}`)).status).toBe(404);
    expect(await adminCall().del(`/api/admin/meal/${made.id}`)).toMatchObject({
      status: 404,
      body: { message: MEAL_MESSAGE.notFound },
    });
    // The image stays: uploads may serve other records.
    expect(await ctx.app.orm.em.fork().count(Media, { id: imageId })).toBe(1);
  });

  it('is admin.meals.remove through tRPC', async () => {
    const made = (await adminCall().post('/api/admin/meal', { ...oats, name: 'Gone by tRPC' })).body.data;
    expect((await trpc(ctx.app, 'mutation', 'admin.meals.remove', { id: made.id }, adminToken)).data).toEqual({
      message: MEAL_MESSAGE.deleted,
    });
    expect((await trpc(ctx.app, 'mutation', 'admin.meals.remove', { id: made.id }, adminToken)).status).toBe(404);
  });
});

describe('the REST description', () => {
  it('documents every admin meal call in /api/openapi.json', async () => {
    const { body } = await rest(ctx.app, 'GET', '/api/openapi.json');
    expect(Object.keys(body.paths['/admin/meal/group'])).toEqual(['get']);
    expect(Object.keys(body.paths['/admin/meal/group/{groupId}/meals'])).toEqual(['get']);
    expect(Object.keys(body.paths['/admin/meal'])).toContain('post');
    expect(Object.keys(body.paths['/admin/meal/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(body.paths['/admin/meal']).toHaveProperty('post.requestBody');
  });
});
