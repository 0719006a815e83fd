import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCalibrationListSchema,
  adminCalibrationSchema,
  adminChannelSchema,
  exerciseTypeListSchema,
  formGroupOptionListSchema,
  muscleGroupListSchema,
  paginatedSchema,
  vo2LevelSchema,
} from '@evolution/shared';
import { Calibration, ChamberSnapshot, Plan, Subscription, Vo2MaxLevel } from '../src/entities/index.ts';
import { VO2_LEVELS } from '../src/db/programme.ts';
import { calibrationBody } from './helpers/catalogue.ts';
import { expectFieldErrors, rest, subscriberRegistration, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { startFakeStripe } from './helpers/fakeStripe.ts';
import { dataAnalysis, postPhaseMultipart, trainingMember, uploadThreePhotos } from './helpers/training.ts';

// Stripe is configured against the local fake, so price changes go through the real SDK.
const fake = await startFakeStripe();
afterAll(() => fake.close());
// Batches of 4 ids: the VO2 relabel walks several with a handful of recorded tests.
const ctx = useTestApp({
  stripeSecretKey: 'sk_test_fake',
  stripeApiHost: '127.0.0.1',
  stripeApiPort: fake.port,
  stripeApiProtocol: 'http',
  batchRows: 4,
});
const em = () => ctx.app.orm.em.fork();

let admin: string;
let member: { token: string; userId: number };

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app)).token;
  member = await trainingMember(ctx.app);
});

const get = (url: string, token?: string) => rest(ctx.app, 'GET', url, { token });
const put = (url: string, body: unknown, token: string | undefined = admin) =>
  rest(ctx.app, 'PUT', url, { token, body });
const patch = (url: string, body: unknown, token: string | undefined = admin) =>
  rest(ctx.app, 'PATCH', url, { token, body });

/** Every call needs a token (401) and role 2 (403). */
async function guarded(method: 'GET' | 'PUT' | 'PATCH', url: string, body?: unknown) {
  expect(await rest(ctx.app, method, url, { body })).toMatchObject({
    status: 401,
    body: { message: 'Unauthenticated.' },
  });
  expect(await rest(ctx.app, method, url, { body, token: member.token })).toMatchObject({
    status: 403,
    body: { message: 'This action is unauthorized.' },
  });
}

describe('lookups', () => {
  it('answers exercise types, muscle groups and every form group (REST and tRPC), admins only', async () => {
    for (const url of ['/api/admin/exercise_type', '/api/admin/muscle_group', '/api/admin/form_group/all'])
      await guarded('GET', url);
    const types = exerciseTypeListSchema.strict().parse((await get('/api/admin/exercise_type', admin)).body);
    expect(types.data.length).toBeGreaterThan(0);
    const muscles = muscleGroupListSchema.strict().parse((await get('/api/admin/muscle_group', admin)).body);
    expect(muscles.data[0]).toEqual({ id: 1, name: expect.any(String), short_handle: expect.any(String) });
    const groups = formGroupOptionListSchema.strict().parse((await get('/api/admin/form_group/all', admin)).body);
    expect(groups.data.map((g) => g.name)).toEqual(groups.data.map((g) => g.name).sort((a, b) => a.localeCompare(b)));
    expect(groups.data.length).toBe(8);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.exerciseTypes', undefined, admin)).data).toEqual(types);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.muscleGroups', undefined, admin)).data).toEqual(muscles);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.formGroupsAll', undefined, admin)).data).toEqual(groups);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.formGroupsAll')).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.formGroupsAll', undefined, member.token)).status).toBe(
      403,
    );
  });
});

const push = calibrationBody();

describe('calibrations', () => {
  it('lists every calibration, not paged, and reads one; 404 for an unknown or bad id', async () => {
    await guarded('GET', '/api/admin/calibration');
    await guarded('GET', '/api/admin/calibration/1');
    const list = adminCalibrationListSchema.strict().parse((await get('/api/admin/calibration', admin)).body);
    expect(list.data).toHaveLength(8);
    expect(list.data[0]).toMatchObject({
      id: 1,
      form: 'Push-up max test',
      max: 50,
      reps_or_time: 1,
      total_weight: 0,
      form_group_id: 1,
      form_group_name: 'Push',
    });
    const one = await get('/api/admin/calibration/1', admin);
    expect(adminCalibrationSchema.strict().parse(one.body.data)).toEqual(list.data[0]);
    expect(await get('/api/admin/calibration/999', admin)).toMatchObject({
      status: 404,
      body: { message: 'Calibration not found.' },
    });
    expect(await get('/api/admin/calibration/abc', admin)).toMatchObject({ status: 404 });
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.get', { id: 999 }, admin)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'admin.calibrations.list', undefined, admin)).data).toEqual(list);
  });

  it("refuses each missing or bad field with Laravel's messages and changes nothing", async () => {
    await guarded('PUT', '/api/admin/calibration/1', push);
    const before = await em().findOneOrFail(Calibration, { id: 1 });
    const empty = await put('/api/admin/calibration/1', {});
    expectFieldErrors(empty, {
      form: ['Enter the form.'],
      max: ['Enter the max.'],
      reps_or_time: ['Choose reps or time.'],
      total_weight: ['Enter the total weight.'],
      exercise_type_id: ['Choose an exercise type.'],
      form_group_id: ['Choose a form group.'],
    });
    expect(empty.body.message).toBe('Enter the form. (and 5 more errors)');
    const bad = await put('/api/admin/calibration/1', {
      ...push,
      form: '  ',
      max: 0,
      reps_or_time: 3,
      total_weight: 1.234,
      exercise_type_id: 99,
      muscle_group_id: 99,
      form_group_id: 99,
    });
    expect(bad.body.errors).toEqual({
      form: ['Enter the form.'],
      max: ['The max must be between 1 and 10000.'],
      reps_or_time: ['The reps or time must be 1 (reps) or 2 (time).'],
      total_weight: ['The total weight may have at most 2 decimal places.'],
    });
    const unknown = await put('/api/admin/calibration/1', {
      ...push,
      exercise_type_id: 99,
      muscle_group_id: 99,
      form_group_id: 99,
    });
    expect(unknown.body.errors).toEqual({
      exercise_type_id: ['Choose an exercise type from the list.'],
      form_group_id: ['Choose a form group from the list.'],
      muscle_group_id: ['Choose a muscle group from the list.'],
    });
    const taken = await put('/api/admin/calibration/1', { ...push, form_group_id: 2 });
    expect(taken.body.errors).toEqual({
      form_group_id: ['The form group Pull already has a calibration (Pull-up max test).'],
    });
    expect(await put('/api/admin/calibration/999', push)).toMatchObject({ status: 404 });
    expect(await em().findOneOrFail(Calibration, { id: 1 })).toMatchObject({
      form: before.form,
      max: before.max,
      updatedAt: before.updatedAt,
    });
  });

  it('keeps the muscle group when it is left out and clears it with null (REST and tRPC)', async () => {
    const { muscle_group_id: _, ...withoutMuscle } = push;
    const kept = await put('/api/admin/calibration/1', { ...withoutMuscle, total_weight: '2.5' });
    expect(kept).toMatchObject({ status: 200, body: { data: { muscle_group_id: 1, total_weight: 2.5 } } });
    const cleared = await put('/api/admin/calibration/1', { ...push, muscle_group_id: null, total_weight: 0 });
    expect(cleared.body.data).toMatchObject({ muscle_group_id: null, muscle_group_short_handle: null });
    const viaTrpc = await trpc(
      ctx.app,
      'mutation',
      'admin.calibrations.update',
      { id: 1, ...push, muscle_group_id: '' },
      admin,
    );
    expect(viaTrpc.data.data.muscle_group_id).toBeNull();
    const tRpc422 = await trpc(
      ctx.app,
      'mutation',
      'admin.calibrations.update',
      { id: 1, ...push, max: 'lots' },
      admin,
    );
    expect(tRpc422).toMatchObject({
      status: 422,
      error: { data: { errors: { max: ['The max must be a whole number.'] } } },
    });
    expect(
      (await trpc(ctx.app, 'mutation', 'admin.calibrations.update', { id: 1, ...push }, member.token)).status,
    ).toBe(403);
    expect((await trpc(ctx.app, 'mutation', 'admin.calibrations.update', { id: 999, ...push }, admin)).status).toBe(
      404,
    );
    await put('/api/admin/calibration/1', push);
  });
});

describe('VO2 max levels', () => {
  it('pages the levels by rank and reads one; 404 for an unknown id', async () => {
    await guarded('GET', '/api/admin/vo2max');
    await guarded('GET', '/api/admin/vo2max/1');
    const page = paginatedSchema(vo2LevelSchema.strict())
      .strict()
      .parse((await get('/api/admin/vo2max?page=1', admin)).body);
    expect(page.data.map((l) => [l.level_name, l.min, l.max])).toEqual(
      VO2_LEVELS.map((l) => [l.levelName, l.min, l.max]),
    );
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 6, last_page: 1 });
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    expect((await get('/api/admin/vo2max?page=0', admin)).body.meta.current_page).toBe(1);
    expect((await get('/api/admin/vo2max/3', admin)).body.data).toMatchObject({
      id: 3,
      level_name: 'Fair',
      level: 3,
      min: 36.5,
      max: 42.4,
    });
    expect(await get('/api/admin/vo2max/99', admin)).toMatchObject({
      status: 404,
      body: { message: 'VO2 max level not found.' },
    });
    expect((await trpc(ctx.app, 'query', 'admin.vo2max.list', { page: 1 }, admin)).data.data).toHaveLength(6);
    expect((await trpc(ctx.app, 'query', 'admin.vo2max.get', { id: 99 }, admin)).status).toBe(404);
  });

  it('requires level_name, min and max, and refuses a range that overlaps or leaves a gap, naming the level', async () => {
    await guarded('PATCH', '/api/admin/vo2max/3', { level_name: 'Fair', min: 36.5, max: 42.4 });
    const empty = await patch('/api/admin/vo2max/3', {});
    expect(empty.body.errors).toEqual({
      level_name: ['Enter the level name.'],
      min: ['Enter the min.'],
      max: ['Enter the max.'],
    });
    expect((await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 36.55, max: 42.4 })).body.errors).toEqual({
      min: ['The min may have at most 1 decimal place.'],
    });
    expect((await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: '', max: 42.4 })).body.errors).toEqual({
      min: ['Enter the min.'],
    });
    expect((await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 36.4, max: 42.4 })).body.errors).toEqual({
      min: ['The min 36.4 overlaps Poor (33 to 36.4): it must be 36.5, or move Poor with it.'],
    });
    expect((await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 36.5, max: 42 })).body.errors).toEqual({
      max: [
        'The max 42 leaves a gap before Good (42.5 to 46.4): scores 42.1 to 42.4 would have no level. It must be 42.4, or move Good with it.',
      ],
    });
    expect(
      (await patch('/api/admin/vo2max/1', { level_name: 'Very poor', min: 10, max: 32.9 })).body.errors.min[0],
    ).toContain('Very poor is the lowest level');
    expect(
      (await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 36.5, max: 50, move_neighbours: true })).body
        .errors,
    ).toEqual({
      max: ['The max 50 would swallow Good (42.5 to 46.4): it must stay below 46.4.'],
    });
    expect(await patch('/api/admin/vo2max/99', { level_name: 'X', min: 1, max: 2 })).toMatchObject({ status: 404 });
    const levels = await em().find(Vo2MaxLevel, {}, { orderBy: { id: 'asc' } });
    expect(levels.map((l) => [l.levelName, l.min ?? null, l.max ?? null])).toEqual(
      VO2_LEVELS.map((l) => [l.levelName, l.min, l.max]),
    );
  });

  it('renames a level and changes its rank without touching its range', async () => {
    const res = await patch('/api/admin/vo2max/3', { level_name: 'Average', level: 3, min: '36.5', max: '42.4' });
    expect(res).toMatchObject({
      status: 200,
      body: { data: { id: 3, level_name: 'Average', level: 3, min: 36.5, max: 42.4 } },
    });
    await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 36.5, max: 42.4 });
  });
});

describe("a member's calibration and VO2 level follow the admin's edits", () => {
  it('places the member with the edited max, and relabels their VO2 test and chamber when the ranges move', async () => {
    // The admin doubles the push-up test's max: 25 reps now place on rung floor(25 / 100 * 8) = 2, Knee push-up.
    expect((await put('/api/admin/calibration/1', { ...push, max: 100 })).status).toBe(200);
    const vo2 = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'vo2', { time_to_complete: '900' });
    expect(vo2.body.data.vo2).toMatchObject({ score: 36.7, level: 'Fair' });
    const fields: Record<string, string> = {};
    const amounts: Record<number, string> = { 1: '25', 2: '6', 3: '40', 4: '20', 7: '12', 8: '60' };
    [1, 2, 3, 4, 5, 6, 7, 8].forEach((id, i) => {
      fields[`${i}[calibration_id]`] = String(id);
      fields[`${i}[time_to_complete]`] = id === 5 ? '45' : '60';
      if (amounts[id]) fields[`${i}[amount]`] = amounts[id]!;
    });
    const exercise = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'exercise', fields);
    expect(exercise.status).toBe(200);
    expect(exercise.body.data.ladder[0]).toMatchObject({ form_group: 'Push', to_form: 'Knee push-up' });
    const photos = await uploadThreePhotos(ctx.app, member.token);
    const analysis = await rest(ctx.app, 'POST', '/api/user/channel/warrior/calibration/phase/data-analysis', {
      token: member.token,
      body: dataAnalysis(photos, { bicep: 14, body_fat: 18 }),
    });
    expect(analysis.status).toBe(200);
    expect((await get('/api/user/evolution/chamber/1', member.token)).body.data.vo2max).toEqual({
      score: 36.7,
      level: 'Fair',
    });

    // Copies of the recorded test further on in id, so the relabel walks several batches of 4 ids, one of them empty.
    const [test] = await em().execute<{ id: number }[]>('select id from vo2_tests where user_id = ?', [member.userId]);
    const far = [test!.id + 5, test!.id + 13];
    for (const id of far) {
      await em().execute(
        `insert into vo2_tests (id, user_id, submission_id, evolution, track, version, seconds, grade, score, level_id, level_name, created_at)
        select ?, user_id, submission_id, evolution, track, version, seconds, grade, score, level_id, level_name, created_at from vo2_tests where id = ?`,
        [id, test!.id],
      );
    }
    const levels = async () =>
      await em().execute<{ level_name: string; level_id: number }[]>(
        'select level_name, level_id from vo2_tests where user_id = ? order by id',
        [member.userId],
      );

    // Fair now starts at 37: Poor's max follows to 36.9, so 36.7 is Poor, in the chamber and the recorded tests. The
    // edit answers at once; the relabel job follows within moments.
    const moved = await patch('/api/admin/vo2max/3', { level_name: 'Fair', min: 37, max: 42.4, move_neighbours: true });
    expect(moved).toMatchObject({ status: 200, body: { data: { min: 37, max: 42.4 } } });
    expect((await get('/api/admin/vo2max/2', admin)).body.data).toMatchObject({
      level_name: 'Poor',
      min: 33,
      max: 36.9,
    });
    await expect
      .poll(async () => (await get('/api/user/evolution/chamber/1', member.token)).body.data.vo2max, {
        timeout: 15_000,
      })
      .toEqual({ score: 36.7, level: 'Poor' });
    await expect.poll(levels, { timeout: 15_000 }).toEqual([1, 2, 3].map(() => ({ level_name: 'Poor', level_id: 2 })));
    expect(await em().count(ChamberSnapshot, { user: member.userId, vo2Level: 'Poor' })).toBe(1);

    // Through tRPC, back again.
    const back = await trpc(
      ctx.app,
      'mutation',
      'admin.vo2max.update',
      { id: 3, level_name: 'Fair', min: 36.5, max: 42.4, move_neighbours: true },
      admin,
    );
    expect(back.data.data).toMatchObject({ min: 36.5, max: 42.4 });
    await expect
      .poll(async () => (await get('/api/user/evolution/chamber/1', member.token)).body.data.vo2max.level, {
        timeout: 15_000,
      })
      .toBe('Fair');
    await expect.poll(levels, { timeout: 15_000 }).toEqual([1, 2, 3].map(() => ({ level_name: 'Fair', level_id: 3 })));
    await em().execute('delete from vo2_tests where id in (?, ?)', far);

    // A renamed test shows from the next calibration on: the recorded one keeps the name it was taken under (REST and
    // tRPC alike), for the member and in the admin's record.
    const recorded = async () => {
      const own = (await get('/api/user/evolution/calibration', member.token)).body.data;
      const record = (await trpc(ctx.app, 'query', 'admin.members.calibrationResults', { id: member.userId }, admin))
        .data.data;
      return [own, record].map((rows: { calibration_id: number; form: string }[]) =>
        rows.find((r) => r.calibration_id === 1),
      );
    };
    expect(await recorded()).toEqual([1, 2].map(() => expect.objectContaining({ form: 'Push-up max test' })));
    expect((await put('/api/admin/calibration/1', { ...push, form: 'Push-up test' })).body.data.form).toBe(
      'Push-up test',
    );
    const renamed = { id: 1, ...push, form: 'Press-up test' };
    expect((await trpc(ctx.app, 'mutation', 'admin.calibrations.update', renamed, admin)).data.data.form).toBe(
      'Press-up test',
    );
    expect(await recorded()).toEqual([1, 2].map(() => expect.objectContaining({ form: 'Push-up max test' })));
    await put('/api/admin/calibration/1', push);
  });
});

const registration = (planId: number, channelId = 1) =>
  subscriberRegistration({ channel_id: channelId, plan_id: planId });
const warriorPlans = (over: Partial<Record<number, { amount?: number; active?: boolean }>> = {}) => [
  { id: 1, amount: 29.99, active: true, ...over[1] },
  { id: 2, amount: 299, active: true, ...over[2] },
];

describe('channels and plans', () => {
  it('pages the channels with their plans and reads one; 404 for an unknown id', async () => {
    await guarded('GET', '/api/admin/channel');
    await guarded('GET', '/api/admin/channel/1');
    const page = paginatedSchema(adminChannelSchema.strict())
      .strict()
      .parse((await get('/api/admin/channel', admin)).body);
    expect(page.data.map((c) => c.short_name)).toEqual(['warrior', 'superhuman', 'immortal']);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 3 });
    expect(page.data[0]!.plans[0]).toEqual({
      id: 1,
      name: 'Warrior monthly',
      amount: 29.99,
      amount_pence: 2999,
      duration: '1 month',
      active: true,
      purchasable: true,
      subscribers: 1,
    });
    expect(page.data[2]!.plans[0]).toMatchObject({ name: 'Immortal monthly', active: false, purchasable: false });
    expect((await get('/api/admin/channel/2', admin)).body.data).toMatchObject({ id: 2, name: 'Superhuman' });
    expect(await get('/api/admin/channel/9', admin)).toMatchObject({
      status: 404,
      body: { message: 'Channel not found.' },
    });
    expect((await trpc(ctx.app, 'query', 'admin.channels.list', { page: 1 }, admin)).data.meta.total).toBe(3);
    expect((await trpc(ctx.app, 'query', 'admin.channels.get', { id: 9 }, admin)).status).toBe(404);
  });

  it('requires the name and checks the plans, changing nothing on a 422', async () => {
    await guarded('PUT', '/api/admin/channel/1', { name: 'Warrior' });
    expect((await put('/api/admin/channel/1', { name: '' })).body).toEqual({
      message: 'Enter the name.',
      errors: { name: ['Enter the name.'] },
    });
    const bad = await put('/api/admin/channel/1', {
      name: 'Warrior',
      plans: [
        { id: 1, amount: 0.5, active: 'yes' },
        { id: 3, amount: 10.005, active: true },
      ],
    });
    expect(bad.body.errors).toEqual({
      'plans.0.amount': ['The amount must be between 1 and 10000.'],
      'plans.0.active': ['The active field must be true or false.'],
      'plans.1.amount': ['The amount may have at most 2 decimal places.'],
    });
    const foreign = await put('/api/admin/channel/1', {
      name: 'Renamed',
      plans: [
        { id: 3, amount: 10, active: true },
        { id: 1, amount: 10, active: true },
        { id: 1, amount: 10, active: true },
      ],
    });
    expect(foreign.body.errors).toEqual({
      'plans.0.id': ['The selected plan id is not a plan of this channel.'],
      'plans.2.id': ['The plans.id field has a duplicate value.'],
    });
    const immortal = await put('/api/admin/channel/3', {
      name: 'Immortal',
      plans: [{ id: 5, amount: 199.99, active: true }],
    });
    expect(immortal.body.errors).toEqual({
      'plans.0.active': ['The Immortal channel is listed but cannot be bought: its plans stay off sale.'],
    });
    expect(await put('/api/admin/channel/9', { name: 'X' })).toMatchObject({ status: 404 });
    expect((await get('/api/admin/channel/1', admin)).body.data).toMatchObject({
      name: 'Warrior',
      plans: [{ amount_pence: 2999 }, { amount_pence: 29900 }],
    });
  });

  it('a new price makes a new Stripe Price for new purchases; an existing subscriber keeps paying the old one', async () => {
    const first = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration(1) });
    expect(first.status).toBe(201);
    const firstSub = await em().findOneOrFail(Subscription, { user: first.body.user_id });
    const oldPrice = fake.subscriptions.get(firstSub.providerSubscriptionId!)!.items[0].price;
    expect(oldPrice.unit_amount).toBe(2999);

    const before = fake.requests.length;
    const res = await put('/api/admin/channel/1', { name: 'Warrior', plans: warriorPlans({ 1: { amount: 35 } }) });
    expect(res.status).toBe(200);
    expect(res.body.data.plans[0]).toMatchObject({
      id: 1,
      amount: 35,
      amount_pence: 3500,
      active: true,
      subscribers: 2,
    });
    const created = fake.requests.slice(before).filter((r) => r.path === '/v1/prices');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      currency: 'gbp',
      unit_amount: '3500',
      recurring: { interval: 'month' },
      metadata: { plan_id: '1' },
    });
    const plan = await em().findOneOrFail(Plan, { id: 1 });
    expect(plan.stripePriceId).not.toBe(oldPrice.id);

    // The existing Stripe subscription still bills the old price; a new member pays the new one.
    expect(fake.subscriptions.get(firstSub.providerSubscriptionId!)!.items[0].price.id).toBe(oldPrice.id);
    const second = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration(1) });
    const secondSub = await em().findOneOrFail(Subscription, { user: second.body.user_id });
    expect(fake.subscriptions.get(secondSub.providerSubscriptionId!)!.items[0].price).toMatchObject({
      id: plan.stripePriceId,
      unit_amount: 3500,
    });
    expect((await get('/api/channel/1')).body.data.plans[0]).toMatchObject({
      plan_id: 1,
      amount: 35,
      amount_pence: 3500,
    });
    // Each member's subscription screen shows what they pay: the first the old price, the second the new one.
    expect((await get('/api/user/subscription', first.body.access_token)).body.data.plan).toMatchObject({
      plan_id: 1,
      amount: 29.99,
      amount_pence: 2999,
    });
    expect((await get('/api/user/subscription', second.body.access_token)).body.data.plan).toMatchObject({
      plan_id: 1,
      amount: 35,
      amount_pence: 3500,
    });

    // The same amount again creates no further price; a name-only change neither.
    const again = fake.requests.length;
    await put('/api/admin/channel/1', { name: 'Warrior', plans: warriorPlans({ 1: { amount: 35 } }) });
    await put('/api/admin/channel/1', { name: 'Warrior' });
    expect(fake.requests.slice(again).filter((r) => r.path === '/v1/prices')).toHaveLength(0);
  });

  it('a plan off sale cannot be bought, while its subscribers keep it; tRPC renames', async () => {
    const holder = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration(2) });
    expect(holder.status).toBe(201);
    const res = await trpc(
      ctx.app,
      'mutation',
      'admin.channels.update',
      { id: 1, name: 'Warrior Path', plans: warriorPlans({ 1: { amount: 35 }, 2: { active: false } }) },
      admin,
    );
    // Plans are named after their channel: they follow the rename, in the same save.
    expect(res.data.data).toMatchObject({
      name: 'Warrior Path',
      plans: [
        { id: 1, name: 'Warrior Path monthly', active: true },
        { id: 2, name: 'Warrior Path yearly', active: false, subscribers: 1 },
      ],
    });
    expect((await trpc(ctx.app, 'mutation', 'admin.channels.update', { id: 1, name: '' }, admin)).status).toBe(422);
    expect((await trpc(ctx.app, 'mutation', 'admin.channels.update', { id: 1, name: 'X' }, member.token)).status).toBe(
      403,
    );
    const refused = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration(2) });
    expect(refused).toMatchObject({ status: 422, body: { errors: { plan_id: ['This plan is not available.'] } } });
    const kept = await get('/api/user/subscription', holder.body.access_token);
    expect(kept.body.data).toMatchObject({ active: true, plan: { plan_id: 2 } });
    expect((await get('/api/channel/1')).body.data).toMatchObject({
      name: 'Warrior Path',
      plans: [{ active: true }, { active: false }],
    });
    expect((await get('/api/user/subscription', holder.body.access_token)).body.data.plan).toMatchObject({
      plan_id: 2,
      name: 'Warrior Path yearly',
    });
    // Through REST, back again; a plan not named after the channel keeps its name.
    await em().nativeUpdate(Plan, { id: 1 }, { name: 'Founders rate' });
    const back = await put('/api/admin/channel/1', { name: 'Warrior', plans: warriorPlans() });
    expect(back.body.data.plans.map((p: { name: string }) => p.name)).toEqual(['Founders rate', 'Warrior yearly']);
    await em().nativeUpdate(Plan, { id: 1 }, { name: 'Warrior monthly' });
  });

  it('documents every call of this area in the OpenAPI description', async () => {
    const spec = (await get('/api/openapi.json')).body;
    for (const [path, methods] of Object.entries({
      '/admin/exercise_type': ['get'],
      '/admin/muscle_group': ['get'],
      '/admin/form_group/all': ['get'],
      '/admin/calibration': ['get'],
      '/admin/calibration/{id}': ['get', 'put'],
      '/admin/vo2max': ['get'],
      '/admin/vo2max/{id}': ['get', 'patch'],
      '/admin/channel': ['get'],
      '/admin/channel/{id}': ['get', 'put'],
    }))
      for (const m of methods) expect(spec.paths[path]?.[m], `${m} ${path}`).toBeDefined();
  });
});
