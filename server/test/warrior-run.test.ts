import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  calibrationResultsSchema,
  chamberSchema,
  evolutionSchema,
  formLevelRowSchema,
  paginatedSchema,
  phaseDataSchema,
  submissionResultSchema,
  workoutResultsSchema,
} from '@evolution/shared';
import { trainingExport } from '../src/services/evolution.ts';
import { deleteMemberFiles } from '../src/services/media.ts';
import { AuditLog, Evolution, Media, User } from '../src/entities/index.ts';
import { expectFieldErrors, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import {
  calibrationMeasurements,
  dataAnalysis,
  multipart,
  photoWithExif,
  postMultipart,
  postPhaseMultipart,
  recordedTraining,
  trainingMember,
  uploadPhoto,
  uploadThreePhotos,
  versionOneMeasurements,
} from './helpers/training.ts';

const ctx = useTestAppWithDataDir('warrior-run');

const phaseUrl = (type: string) => `/api/user/channel/warrior/${type}/phase`;
const get = (url: string, token: string) => rest(ctx.app, 'GET', url, { token });
const post = (url: string, token: string, body: unknown) => rest(ctx.app, 'POST', url, { token, body });

const recorded = (userId: number) => recordedTraining(ctx.app, userId);

/** Entries for every exercise of a phase, one per round, with the amounts of `plan` (form id → amounts per round). */
function entriesFor(
  phase: { rounds: { exercise_ids: number[] }[] },
  plan: Record<number, number[]>,
  key: 'form_id' = 'form_id',
) {
  const taken: Record<number, number> = {};
  return phase.rounds.flatMap((round) =>
    round.exercise_ids.map((id) => {
      const i = (taken[id] = (taken[id] ?? -1) + 1);
      return { [key]: id, amount: plan[id]![i], time_to_complete: 30 };
    }),
  );
}

describe('a new member: calibration, then version 1 of the general track', () => {
  let member: { token: string; userId: number };
  let photos: [number, number, number];

  beforeAll(async () => {
    member = await trainingMember(ctx.app);
    photos = await uploadThreePhotos(ctx.app, member.token);
  });

  it('starts on the calibration track: versions say calibration is due, the general phase is refused', async () => {
    const versions = await get('/api/user/channel/warrior/general/evolution', member.token);
    expect(versions.status).toBe(200);
    expect(versions.body).toMatchObject({ need_calibration: true, evolution: 1 });
    expect(versions.body.data.map((v: { version: number; active: boolean }) => [v.version, v.active])).toEqual([
      [4, false],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(await get(phaseUrl('general'), member.token)).toMatchObject({
      status: 409,
      body: { message: 'Calibration comes first: finish the calibration track.' },
    });
    const phases = await get('/api/user/channel/warrior/calibration/version', member.token);
    expect(phases.body.data.map((p: { type: string; active: boolean }) => [p.type, p.active])).toEqual([
      ['vo2', true],
      ['exercise', false],
      ['data-analysis', false],
    ]);
  });

  it('runs the treadmill test: 15:00 estimates 36.7 ml/kg/min, Fair', async () => {
    const phase = phaseDataSchema.strict().parse((await get(phaseUrl('calibration'), member.token)).body);
    expect(phase).toMatchObject({
      type: 'vo2',
      data: [],
      repeats: 1,
      page: { id: 21, title: 'VO2 max test', warrior_channel: { type: 'calibration' } },
      evolution: 1,
      version: 0,
      phase: 1,
    });
    const res = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'vo2', { time_to_complete: '900' });
    expect(res.status).toBe(200);
    const body = submissionResultSchema.strict().parse(res.body);
    expect(body.data).toMatchObject({
      phase: 2,
      need_calibration: true,
      vo2: { seconds: 900, grade: 17.5, score: 36.7, level: 'Fair' },
    });
  });

  it('refuses a max test without reps, naming the entry, and records nothing', async () => {
    const before = await recorded(member.userId);
    const fields: Record<string, string> = {};
    [1, 2, 3, 4, 5, 6, 7, 8].forEach((id, i) =>
      Object.assign(fields, {
        [`${i}[calibration_id]`]: String(id),
        [`${i}[amount]`]: '10',
        [`${i}[time_to_complete]`]: '40',
      }),
    );
    const res = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'exercise', {
      ...fields,
      '0[amount]': '',
    });
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'You must enter reps', errors: { '0.amount': ['You must enter reps'] } },
    });
    const notANumber = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'exercise', {
      ...fields,
      '1[amount]': 'lots',
    });
    expect(notANumber.body.errors).toEqual({ '1.amount': ['The amount must be a number.'] });
    expect(await recorded(member.userId)).toEqual(before);
  });

  it('places the member on every ladder from the max tests', async () => {
    const phase = phaseDataSchema.parse((await get(phaseUrl('calibration'), member.token)).body);
    expect(phase.type).toBe('exercise');
    expect(phase.data.map((e) => [e.id, e.form, e.max, e.reps_or_time])).toEqual([
      [1, 'Push-up max test', 50, 1],
      [2, 'Pull-up max test', 20, 1],
      [3, 'Bodyweight squat max test', 100, 1],
      [4, 'Single-leg glute bridge max test', 50, 1],
      [5, 'Hollow body hold max test', 120, 2],
      [6, 'Chest-to-wall handstand max hold', 120, 2],
      [7, 'Parallel-bar dip max test', 30, 1],
      [8, 'Reverse lunge max test', 60, 1],
    ]);
    expect(phase.rounds.map((r) => r.name)).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight']);
    // Reps tests send amounts; the two holds send only their time, as the runner logs them.
    const amounts: Record<number, string> = { 1: '25', 2: '6', 3: '40', 4: '20', 7: '12', 8: '60' };
    const fields: Record<string, string> = {};
    [1, 2, 3, 4, 5, 6, 7, 8].forEach((id, i) => {
      fields[`${i}[calibration_id]`] = String(id);
      fields[`${i}[time_to_complete]`] = id === 5 ? '45' : id === 6 ? '0' : '60';
      if (amounts[id]) fields[`${i}[amount]`] = amounts[id]!;
    });
    const res = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'exercise', fields);
    expect(res.status).toBe(200);
    expect(
      res.body.data.ladder.map((m: { form_group: string; to_form: string; move: string }) => [
        m.form_group,
        m.to_form,
        m.move,
      ]),
    ).toEqual([
      ['Push', 'Diamond push-up', 'placed'],
      ['Pull', 'Pull-up negative', 'placed'],
      ['Squat', 'Split squat', 'placed'],
      ['Hinge', 'Single-leg hip thrust', 'placed'],
      ['Core', 'Hollow body hold', 'placed'],
      ['Handstand', 'Pike hold on box', 'placed'],
      ['Dip', 'Parallel-bar dip negative', 'placed'],
      ['Lunge', 'Skater squat', 'placed'],
    ]);
    const results = calibrationResultsSchema
      .strict()
      .parse((await get('/api/user/evolution/calibration', member.token)).body);
    expect(results.data[0]).toEqual({
      calibration_id: 1,
      form: 'Push-up max test',
      amount: 25,
      level: 2,
      placed_form: 'Diamond push-up',
      reps_or_time: 1,
      time_to_complete: 60,
    });
    expect(results.data[4]).toMatchObject({
      form: 'Hollow body hold max test',
      amount: 45,
      placed_form: 'Hollow body hold',
      reps_or_time: 2,
    });
  });

  it('refuses another member’s photos in the data analysis (403) and records nothing', async () => {
    const other = await trainingMember(ctx.app);
    const theirs = await uploadPhoto(ctx.app, other.token);
    const before = await recorded(member.userId);
    const res = await post(
      `${phaseUrl('calibration')}/data-analysis`,
      member.token,
      dataAnalysis([photos[0], photos[1], theirs.body.image.id], { weight: 82.4, body_fat: 18 }),
    );
    expect(res).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
    expect(await get(`/api/user/image/${theirs.body.image.id}`, member.token)).toMatchObject({ status: 403 });
    expect(await recorded(member.userId)).toEqual(before);
  });

  it("checks the data analysis with the spec's messages", async () => {
    const res = await post(`${phaseUrl('calibration')}/data-analysis`, member.token, {
      weight: 'heavy',
      waist: '',
      chest: 40,
      bicep: 14,
      quad: 23,
      image1: photos[0],
      image2: 999999,
    });
    expectFieldErrors(res, {
      weight: ['Weight must be decimal'],
      waist: ['Waist is required'],
      body_fat: ['Body Fat is required'],
      image3: ['Image 3 is required'],
    });
    const unknown = await post(
      `${phaseUrl('calibration')}/data-analysis`,
      member.token,
      dataAnalysis(photos, { image3: 999999 }),
    );
    expect(unknown).toMatchObject({ status: 422, body: { errors: { image3: ['Image 3 is invalid'] } } });
  });

  it('completes calibration: the first chamber snapshot (v1.0), evolution page opened, general version 1 phase 1', async () => {
    const res = await post(`${phaseUrl('calibration')}/data-analysis`, member.token, {
      weight: '82.4',
      waist: '34',
      chest: '40',
      bicep: '14.5',
      quad: '23',
      body_fat: '18.2',
      image1: photos[0],
      image2: photos[1],
      image3: photos[2],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      need_calibration: false,
      evolution: 1,
      version: 1,
      phase: 1,
      access: { evolution_page: true },
    });
    const me = await get('/api/user', member.token);
    expect(me.body).toMatchObject({ need_calibration: false, version: 1, phase: 1, access: { evolution_page: true } });
    const versions = await get('/api/user/channel/warrior/general/evolution', member.token);
    expect(versions.body.data.map((v: { version: number; active: boolean }) => [v.version, v.active])).toEqual([
      [4, false],
      [3, false],
      [2, false],
      [1, true],
    ]);
    expect(await get(phaseUrl('calibration'), member.token)).toMatchObject({ status: 409 });
  });

  it('runs every phase of version 1, moving the ladders by double progression', async () => {
    const vo2 = await post(`${phaseUrl('general')}/vo2`, member.token, { time_to_complete: 1200 });
    expect(vo2.body.data.vo2).toEqual({ seconds: 1200, grade: 22.5, score: 43.9, level: 'Good' });

    const upper = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    expect(upper).toMatchObject({
      type: 'exercises',
      repeats: 3,
      chunk: 3,
      phase: 2,
      version: 1,
      page: { title: 'Upper body strength' },
    });
    expect(upper.data.map((e) => [e.id, e.name, e.form, e.min, e.max])).toEqual([
      [15, 'Push', 'Diamond push-up', 6, 12],
      [23, 'Pull', 'Pull-up negative', 3, 6],
      [73, 'Dip', 'Parallel-bar dip negative', 3, 6],
    ]);
    expect(upper.rounds.map((r) => [r.name, r.exercise_ids])).toEqual([
      ['One', [15, 23, 73]],
      ['Two', [15, 23, 73]],
      ['Three', [15, 23, 73]],
    ]);
    const upperRes = await post(
      `${phaseUrl('general')}/exercises`,
      member.token,
      entriesFor(upper, { 15: [12, 12, 12], 23: [6, 6, 5], 73: [2, 2, 1] }),
    );
    expect(upperRes.status).toBe(200);
    expect(upperRes.body.data.ladder.map((m: { to_form: string; move: string }) => [m.to_form, m.move])).toEqual([
      ['Decline push-up', 'up'],
      ['Pull-up negative', 'stay'],
      ['Bench dip (straight legs)', 'down'],
    ]);

    const lower = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    expect(lower.data.map((e) => e.id)).toEqual([33, 43, 87]);
    const lowerFields: Record<string, string> = {};
    entriesFor(lower, { 33: [15, 15, 15], 43: [12, 11, 10], 87: [10, 10, 10] }).forEach((e, i) => {
      lowerFields[`${i}[form_id]`] = String(e.form_id);
      lowerFields[`${i}[amount]`] = String(e.amount);
      lowerFields[`${i}[time_to_complete]`] = '35';
    });
    const lowerRes = await postPhaseMultipart(ctx.app, member.token, 'general', 'exercises', lowerFields);
    expect(lowerRes.body.data.ladder.map((m: { to_form: string; move: string }) => [m.to_form, m.move])).toEqual([
      ['Bulgarian split squat', 'up'],
      ['Single-leg hip thrust', 'stay'],
      ['Skater squat', 'stay'],
    ]);

    const skill = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    expect(skill.data.map((e) => [e.id, e.reps_or_time])).toEqual([
      [61, 2],
      [53, 2],
    ]);
    // Holds: the runner logs the time; no amount is typed.
    const holds = { 61: [40, 45, 42], 53: [15, 18, 10] } as Record<number, number[]>;
    const skillEntries = entriesFor(skill, holds).map((e) => ({ form_id: e.form_id, time_to_complete: e.amount }));
    const skillRes = await post(`${phaseUrl('general')}/exercises`, member.token, skillEntries);
    expect(skillRes.body.data.ladder.map((m: { to_form: string; move: string }) => [m.to_form, m.move])).toEqual([
      ['Back-to-wall handstand', 'up'],
      ['Hollow body tuck hold', 'down'],
    ]);

    expect((await post(`${phaseUrl('general')}/flexibility`, member.token, {})).body.data.phase).toBe(6);
    expect((await postPhaseMultipart(ctx.app, member.token, 'general', 'recovery', {})).body.data.phase).toBe(7);

    // A new work volume waits for the phase 7 submission: this run still uses 12 sets (12 / 6 exercises = 2 repeats).
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Evolution, { user: member.userId }, { pendingNumberOfSets: 24 });
    const volume = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    expect(volume).toMatchObject({ phase: 7, repeats: 2, chunk: 3 });
    expect(volume.rounds.map((r) => [r.name, r.exercise_ids])).toEqual([
      ['One', [16, 23, 72]],
      ['Two', [16, 23, 72]],
      ['Three', [34, 43, 87]],
      ['Four', [34, 43, 87]],
    ]);
    const volumeRes = await post(
      `${phaseUrl('general')}/exercises`,
      member.token,
      entriesFor(volume, { 16: [8, 8], 23: [6, 6], 72: [20, 20], 34: [10, 9], 43: [15, 15], 87: [3, 4] }),
    );
    expect(volumeRes.body.data).toMatchObject({ phase: 8, number_of_sets: 24, pending_number_of_sets: null });
    expect(volumeRes.body.data.ladder.map((m: { to_form: string; move: string }) => [m.to_form, m.move])).toEqual([
      ['Decline push-up', 'stay'],
      ['Chin-up', 'up'],
      ['Parallel-bar dip negative', 'up'],
      ['Bulgarian split squat', 'stay'],
      ['Single-leg Romanian deadlift', 'up'],
      ['Jumping lunge', 'down'],
    ]);

    const challenge = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    expect(challenge).toMatchObject({ type: 'challenge', repeats: 1, rounds: [{ name: 'One' }] });
    expect(challenge.data.map((e) => e.form)).toEqual([
      'Decline push-up',
      'Chin-up',
      'Bulgarian split squat',
      'Single-leg Romanian deadlift',
      'Hollow body tuck hold',
      'Back-to-wall handstand',
      'Parallel-bar dip negative',
      'Jumping lunge',
    ]);
    const challengeRes = await post(
      `${phaseUrl('general')}/challenge`,
      member.token,
      challenge.data.map((e, i) => ({ form_name: e.form, amount: 10 + i, time_to_complete: 50 })),
    );
    expect(challengeRes.body.data).toMatchObject({ phase: 9, ladder: [] });

    const analysis = await post(
      `${phaseUrl('general')}/data-analysis`,
      member.token,
      dataAnalysis([photos[2], photos[1], photos[0]], versionOneMeasurements),
    );
    expect(analysis.body.data).toMatchObject({ evolution: 1, version: 2, phase: 1, need_calibration: false });
  });

  it('keeps every set in the workout results, with par, level and progress of the form', async () => {
    const res = workoutResultsSchema
      .strict()
      .parse((await get('/api/user/evolution/workout_results', member.token)).body);
    expect(res.evolution).toBe(1);
    expect(res.data).toHaveLength(9 + 9 + 6 + 12 + 8);
    expect(res.data[0]).toMatchObject({
      form_id: 15,
      form_name: 'Diamond push-up',
      amount: 12,
      total_weight: 0,
      par: 12,
      level: 2,
      progress: 2,
      time_to_complete: 30,
      version: 1,
      phase: 2,
      reps_or_time: 1,
    });
    expect(res.data.filter((r) => r.phase === 4).map((r) => r.amount)).toEqual([40, 15, 45, 18, 42, 10]);
    expect(res.data.filter((r) => r.phase === 8)).toHaveLength(8);
  });

  it('shows the current form of each ladder in the form levels', async () => {
    const res = await get('/api/user/evolution/forms?page=1', member.token);
    const page = paginatedSchema(formLevelRowSchema.strict()).parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, last_page: 1, total: 8 });
    expect(page.data.map((r) => [r.form_group, r.name, r.amount])).toEqual([
      ['Push', 'Decline push-up', 10],
      ['Pull', 'Chin-up', 11],
      ['Squat', 'Bulgarian split squat', 12],
      ['Hinge', 'Single-leg Romanian deadlift', 13],
      ['Core', 'Hollow body tuck hold', 14],
      ['Handstand', 'Back-to-wall handstand', 15],
      ['Dip', 'Parallel-bar dip negative', 16],
      ['Lunge', 'Jumping lunge', 17],
    ]);
  });

  it.each([
    {
      page: 1,
      snapshot: { current: 1, totalPages: 2, evolution: 1, version: 0, label: 'v1.0' },
      vo2max: { score: 36.7, level: 'Fair' },
      body: calibrationMeasurements,
      // Ladder places after calibration: push 5/8, pull 3/8, squat 3/7, hinge 3/7, core 3/6, handstand 1/6, dip 3/6, lunge 7/7.
      muscle: {
        Chest: 6.3,
        Triceps: 5.6,
        Back: 3.8,
        Biceps: 3.8,
        Quads: 7.1,
        Glutes: 7.1,
        Hamstrings: 4.3,
        Core: 5,
        Shoulders: 1.7,
      },
    },
    {
      page: 2,
      snapshot: { current: 2, totalPages: 2, evolution: 1, version: 1, label: 'v1.1' },
      vo2max: { score: 43.9, level: 'Good' },
      body: versionOneMeasurements,
      // After version 1: push 6/8, pull 4/8, squat 4/7, hinge 4/7, core 2/6, handstand 2/6, dip 3/6, lunge 6/7.
      muscle: {
        Chest: 7.5,
        Triceps: 6.3,
        Back: 5,
        Biceps: 5,
        Quads: 7.1,
        Glutes: 7.1,
        Hamstrings: 5.7,
        Core: 3.3,
        Shoulders: 3.3,
      },
    },
  ])(
    'has chamber snapshot $page of two, whose VO2 and muscle scores follow the amounts entered',
    async ({ page, snapshot, vo2max, body, muscle }) => {
      const res = chamberSchema.strict().parse((await get(`/api/user/evolution/chamber/${page}`, member.token)).body);
      expect(res).toMatchObject(snapshot);
      expect(res.data.vo2max).toEqual(vo2max);
      expect(res.data.body).toMatchObject(body);
      expect(res.data.muscle).toEqual(muscle);
    },
  );

  it('shows the latest photos in the chamber, small and without their EXIF, and no third snapshot', async () => {
    const second = chamberSchema.strict().parse((await get('/api/user/evolution/chamber/2', member.token)).body);
    expect(second.data.body.images.map((i) => i.id)).toEqual([photos[2], photos[1], photos[0]]);
    const image = Buffer.from(second.data.body.images[0]!.base64, 'base64');
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
    expect(meta.exif).toBeUndefined();
    expect(image.includes(Buffer.from('Private Road'))).toBe(false);

    expect(await get('/api/user/evolution/chamber/3', member.token)).toMatchObject({
      status: 404,
      body: { message: 'Data could not be found.' },
    });
    expect((await get('/api/user/evolution/chamber/abc', member.token)).status).toBe(404);
  });

  it('answers GET user/evolution with the programme state', async () => {
    const res = evolutionSchema.strict().parse((await get('/api/user/evolution', member.token)).body);
    expect(res.data).toMatchObject({
      evolution: 1,
      version: 2,
      phase: 1,
      need_calibration: false,
      number_of_sets: 24,
      pending_number_of_sets: null,
      channel_name: 'Warrior',
      versions: 4,
    });
  });

  it('exports the training record and removes the photo files on request', async () => {
    const svcCtx = { em: ctx.app.orm.em.fork(), config: ctx.app.config };
    const record = await trainingExport(svcCtx, member.userId);
    expect(record).toMatchObject({
      workout_results: expect.any(Array),
      vo2_tests: [
        { score: 36.7, level: 'Fair' },
        { score: 43.9, level: 'Good' },
      ],
    });
    expect((record.chamber as unknown[]).length).toBe(2);
    expect((record.workout_results as unknown[]).length).toBe(8 + 44);
    const other = await trainingMember(ctx.app);
    const photo = await uploadPhoto(ctx.app, other.token);
    const media = await svcCtx.em.findOneOrFail(Media, { id: photo.body.image.id });
    expect(existsSync(join(ctx.dataDir, media.path))).toBe(true);
    expect(await deleteMemberFiles(svcCtx, other.userId)).toBe(1);
    expect(existsSync(join(ctx.dataDir, media.path))).toBe(false);
  });

  it('gives the same through tRPC', async () => {
    const chamber = await trpc(ctx.app, 'query', 'warrior.chamber', { page: 2 }, member.token);
    expect(chamber.data.data.muscle.Chest).toBe(7.5);
    const phases = await trpc(ctx.app, 'query', 'warrior.phases', { type: 'general' }, member.token);
    expect(phases.data).toEqual((await get('/api/user/channel/warrior/general/version', member.token)).body);
    expect(phases.data.data.map((p: { phase: number; active: boolean }) => p.active)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const v1 = await trpc(ctx.app, 'query', 'warrior.phases', { type: 'general', version: 1 }, member.token);
    expect(v1.data.data.every((p: { completed: boolean; active: boolean }) => p.completed && !p.active)).toBe(true);
    expect((await trpc(ctx.app, 'query', 'warrior.workoutResults', {}, member.token)).data.data).toHaveLength(44);
    expect((await trpc(ctx.app, 'query', 'warrior.chamber', { page: 0 }, member.token)).status).toBe(422);
  });
});

describe('submitting a phase', () => {
  it('counts a double click once and answers both clicks alike', async () => {
    const member = await trainingMember(ctx.app);
    const body = { time_to_complete: 700 };
    const [a, b] = await Promise.all([1, 2].map(() => post(`${phaseUrl('calibration')}/vo2`, member.token, body)));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body).toEqual(b!.body);
    expect([a!.headers['idempotent-replayed'], b!.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const after = await recorded(member.userId);
    expect(after).toMatchObject({ state: { phase: 2 }, submissions: 1, vo2: 1 });

    // A retry after a lost answer is answered the same way and still counts once.
    const retry = await post(`${phaseUrl('calibration')}/vo2`, member.token, body);
    expect(retry).toMatchObject({ status: 200, body: a!.body });
    expect(await recorded(member.userId)).toEqual(after);
  });

  it('never counts a retried exercises submit for the next exercises phase (page_id)', async () => {
    const member = await trainingMember(ctx.app);
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Evolution, { user: member.userId }, { needCalibration: false, version: 1, phase: 2 });
    const phase = phaseDataSchema.parse((await get(phaseUrl('general'), member.token)).body);
    const entries = entriesFor(phase, Object.fromEntries(phase.data.map((e) => [e.id, [5, 5, 5]])));
    const first = await post(`${phaseUrl('general')}/exercises?page_id=${phase.page.id}`, member.token, entries);
    expect(first.body.data).toMatchObject({ phase: 3, submitted: { phase: 2, page_id: 32 } });
    // Phase 3 is also an exercises phase: the same page id marks the retry for what it is.
    const retry = await post(`${phaseUrl('general')}/exercises?page_id=${phase.page.id}`, member.token, entries);
    expect(retry).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect(await recorded(member.userId)).toMatchObject({ state: { phase: 3 }, submissions: 1, results: 9 });
    // Without a page id the payload is the fingerprint: phase 3 has other forms, so phase 2's sets are refused there.
    const stale = await post(
      `${phaseUrl('general')}/exercises`,
      member.token,
      entries.map((e) => ({ ...e, amount: 6 })),
    );
    expect(stale.status).toBe(422);
    expect(stale.body.errors['0.form_id']).toEqual(['The selected form id is invalid.']);
  });

  it('refuses any phase but the active one with 409 and changes nothing', async () => {
    const member = await trainingMember(ctx.app);
    const before = await recorded(member.userId);
    expect(await post(`${phaseUrl('calibration')}/flexibility`, member.token, {})).toMatchObject({
      status: 409,
      body: { message: 'This is not your active phase.' },
    });
    expect((await post(`${phaseUrl('general')}/vo2`, member.token, { time_to_complete: 600 })).status).toBe(409);
    expect(
      (await post(`${phaseUrl('calibration')}/vo2?page_id=23`, member.token, { time_to_complete: 600 })).status,
    ).toBe(409);
    expect((await post(`${phaseUrl('calibration')}/sprint`, member.token, {})).status).toBe(404);
    expect((await post(`${phaseUrl('warrior')}/vo2`, member.token, {})).status).toBe(404);
    expect(await recorded(member.userId)).toEqual(before);
  });

  it('submits through tRPC with the same rules and answers', async () => {
    const member = await trainingMember(ctx.app);
    const submitPhase = (input: unknown) => trpc(ctx.app, 'mutation', 'warrior.submitPhase', input, member.token);
    const vo2 = { type: 'calibration', phaseType: 'vo2', page_id: 21, data: { time_to_complete: 600 } };
    const bad = await submitPhase({ type: 'calibration', phaseType: 'vo2', data: { time_to_complete: 'soon' } });
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({ time_to_complete: ['The time to complete must be a number.'] });
    const ok = await submitPhase(vo2);
    expect(submissionResultSchema.strict().parse(ok.data).data).toMatchObject({
      phase: 2,
      vo2: { score: 29.4, level: 'Very poor' },
    });
    const again = await submitPhase(vo2);
    expect(again.data).toEqual(ok.data);
    const wrong = await submitPhase({ type: 'calibration', phaseType: 'recovery' });
    expect(wrong).toMatchObject({ status: 409, error: { message: 'This is not your active phase.' } });
    expect(await recorded(member.userId)).toMatchObject({ submissions: 1, vo2: 1 });
  });

  it('records no score for a skipped VO2 test and moves on', async () => {
    const member = await trainingMember(ctx.app);
    expect((await post(`${phaseUrl('calibration')}/vo2`, member.token, {})).body.errors).toEqual({
      time_to_complete: ['The time to complete field is required.'],
    });
    const res = await postPhaseMultipart(ctx.app, member.token, 'calibration', 'vo2', { skip: '1' });
    expect(res.body.data).toMatchObject({ phase: 2, vo2: null });
    expect(await recorded(member.userId)).toMatchObject({ vo2: 0, submissions: 1 });
  });

  it('refuses malformed entries with dot-path errors and changes nothing', async () => {
    const member = await trainingMember(ctx.app);
    await ctx.app.orm.em.fork().nativeUpdate(Evolution, { user: member.userId }, { phase: 2 });
    const before = await recorded(member.userId);
    const bad = await post(`${phaseUrl('calibration')}/exercise`, member.token, [
      { calibration_id: 1, amount: -3 },
      { calibration_id: 99, amount: 4 },
      { amount: 2 },
    ]);
    expectFieldErrors(bad, {
      '0.amount': ['The amount must be at least 0.'],
      '2.calibration_id': ['The calibration id field is required.'],
    });
    const unknown = await post(`${phaseUrl('calibration')}/exercise`, member.token, [
      { calibration_id: 1, amount: 3 },
      { calibration_id: 99, amount: 4 },
      { calibration_id: 1, amount: 5 },
    ]);
    expect(unknown.body.errors).toMatchObject({
      '1.calibration_id': ['The selected calibration id is invalid.'],
      '2.calibration_id': ['The calibration id field has a duplicate value.'],
    });
    expect(unknown.body.errors.calibration_id[0]).toMatch(
      /^Every calibration test of this phase needs a result; missing: Pull-up max test/,
    );
    expect(
      (await post(`${phaseUrl('calibration')}/exercise`, member.token, { note: 'no entries' })).body.errors,
    ).toEqual({ body: ['Log at least one result.'] });
    const withFile = await postPhaseMultipartWithFile(member.token);
    expect(withFile.status).toBe(422);
    // A body that only claims to be multipart is a 400 that says so, not a server error.
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `${phaseUrl('calibration')}/exercise`,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${member.token}` },
    });
    expect({ status: broken.statusCode, body: JSON.parse(broken.body) }).toEqual({
      status: 400,
      body: { message: 'The multipart body could not be read.' },
    });
    expect(await recorded(member.userId)).toEqual(before);
  });

  it('starts a new evolution with a re-calibration after version 4', async () => {
    const member = await trainingMember(ctx.app);
    const photos = await uploadThreePhotos(ctx.app, member.token);
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(Evolution, { user: member.userId }, { needCalibration: false, version: 4, phase: 9 });
    // Calibrated long ago: the chamber is open.
    await ctx.app.orm.em.fork().nativeUpdate(User, { id: member.userId }, { access: { evolution_page: true } });
    const res = await post(
      `${phaseUrl('general')}/data-analysis`,
      member.token,
      dataAnalysis(photos, { weight: 75, waist: 31, chest: 39, bicep: 14, quad: 22, body_fat: 12 }),
    );
    expect(res.body.data).toMatchObject({
      evolution: 2,
      version: 1,
      phase: 1,
      need_calibration: true,
      submitted: { version: 4, phase: 9 },
    });
    const chamber = await get('/api/user/evolution/chamber/1', member.token);
    expect(chamber.body).toMatchObject({ label: 'v1.4', data: { vo2max: { score: null, level: null } } });
    // Never calibrated: every ladder on its first form.
    expect(chamber.body.data.muscle).toMatchObject({ Chest: 1.3, Back: 1.3, Core: 1.7 });
    expect((await get(phaseUrl('calibration'), member.token)).body).toMatchObject({ type: 'vo2', evolution: 2 });
  });
});

async function postPhaseMultipartWithFile(token: string) {
  const body = await multipart({ '0[calibration_id]': '1', '0[amount]': '3' }, [
    { name: 'image1', filename: 'x.jpg', type: 'image/jpeg', data: await photoWithExif() },
  ]);
  const res = await postMultipart(ctx.app, `${phaseUrl('calibration')}/exercise`, body, token);
  return { status: res.status, body: res.body };
}

describe('POST /api/user/image', () => {
  it('stores a re-encoded JPEG under a generated name, private to its owner', async () => {
    const member = await trainingMember(ctx.app);
    const png = await sharp({
      create: { width: 3000, height: 1500, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } },
    })
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .png()
      .toBuffer();
    const res = await uploadPhoto(ctx.app, member.token, png, '../../etc/passwd.png', 'image/png');
    expect(res).toMatchObject({ status: 201, body: { image: { id: expect.any(Number) } } });
    const media = await ctx.app.orm.em.fork().findOneOrFail(Media, { id: res.body.image.id });
    expect(media).toMatchObject({ kind: 'progress_photo', mime: 'image/jpeg', width: 1600, height: 800 });
    expect(media.path).toMatch(/^uploads\/[0-9a-f-]{36}\.jpg$/);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/image/${media.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    // A member's body is never kept by a browser's or a proxy's cache.
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    expect((await get('/api/user/image/999999', member.token)).status).toBe(404);
  });

  it('lets an admin read a member’s photo, writing the read to the audit log; nobody else', async () => {
    const member = await trainingMember(ctx.app);
    const photo = (await uploadPhoto(ctx.app, member.token)).body.image.id as number;
    const admin = await signedInAdmin(ctx.app);
    expect(await ctx.app.orm.em.fork().count(AuditLog, { memberId: member.userId })).toBe(0);
    // The owner's own reads are not audited.
    expect((await get(`/api/user/image/${photo}`, member.token)).status).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/image/${photo}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    const trail = await ctx.app.orm.em.fork().find(AuditLog, { memberId: member.userId });
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      admin: { id: admin.userId },
      action: 'progress_photo.read',
      objectType: 'media',
      objectId: photo,
    });
    const stranger = await trainingMember(ctx.app);
    expect((await get(`/api/user/image/${photo}`, stranger.token)).status).toBe(403);
    expect((await rest(ctx.app, 'GET', `/api/user/image/${photo}`)).status).toBe(401);
  });

  it('refuses what is not an image, a missing file, and callers who may not train', async () => {
    const member = await trainingMember(ctx.app);
    const fake = await uploadPhoto(
      ctx.app,
      member.token,
      Buffer.from('%PDF-1.7 not a photo'),
      'photo.jpg',
      'image/jpeg',
    );
    expect(fake).toEqual({
      status: 422,
      body: { message: 'The image must be an image.', errors: { image: ['The image must be an image.'] } },
    });
    expect((await post('/api/user/image', member.token, {})).body.errors).toEqual({
      image: ['The image field is required.'],
    });
    const unsubscribed = await trainingMember(ctx.app, { subscribed: false });
    expect((await uploadPhoto(ctx.app, unsubscribed.token)).status).toBe(403);
    expect((await rest(ctx.app, 'POST', '/api/user/image')).status).toBe(401);
    expect(await ctx.app.orm.em.fork().count(Media, { owner: { $in: [member.userId, unsubscribed.userId] } })).toBe(0);
  });
});

describe('tRPC warrior.uploadImage (FormData over real HTTP, as the browser sends it)', () => {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const upload = async (
    token: string | null,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
    const res = await fetch(`${base}/trpc/warrior.uploadImage`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('stores the photo like POST /api/user/image and answers its id', async () => {
    const member = await trainingMember(ctx.app);
    const res = await upload(member.token, {}, [
      { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: await photoWithExif() },
    ]);
    expect(res).toMatchObject({ status: 200, body: { result: { data: { image: { id: expect.any(Number) } } } } });
    const media = await ctx.app.orm.em.fork().findOneOrFail(Media, { id: res.body.result.data.image.id });
    expect(media).toMatchObject({ kind: 'progress_photo', mime: 'image/jpeg', owner: { id: member.userId } });
    expect((await get(`/api/user/image/${media.id}`, member.token)).status).toBe(200);
  });

  it("gives the REST call's 422 messages, 401 without a token, and stores nothing", async () => {
    const member = await trainingMember(ctx.app);
    const missing = await upload(member.token, { name: 'no file' });
    expect(missing).toMatchObject({
      status: 422,
      body: {
        error: {
          message: 'The image field is required.',
          data: { errors: { image: ['The image field is required.'] } },
        },
      },
    });
    const fake = await upload(member.token, {}, [
      { name: 'image', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.7 not a photo') },
    ]);
    expect(fake).toMatchObject({ status: 422, body: { error: { message: 'The image must be an image.' } } });
    const huge = await upload(member.token, {}, [
      { name: 'image', filename: 'x.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 80 * 1024, 1) },
    ]);
    // Refused by its declared length before tRPC reads it, still in tRPC's error shape.
    expect(huge).toMatchObject({
      status: 422,
      body: {
        error: {
          message: 'The image may not be greater than 10240 kilobytes.',
          data: {
            code: 'UNPROCESSABLE_CONTENT',
            httpStatus: 422,
            errors: { image: ['The image may not be greater than 10240 kilobytes.'] },
          },
        },
      },
    });
    expect(
      (await upload(null, {}, [{ name: 'image', filename: 'x.jpg', type: 'image/jpeg', data: await photoWithExif() }]))
        .status,
    ).toBe(401);
    expect(await ctx.app.orm.em.fork().count(Media, { owner: member.userId })).toBe(0);
  });
});

describe('who may train', () => {
  it('needs setup finished and an active warrior or superhuman subscription', async () => {
    const noSub = await trainingMember(ctx.app, { subscribed: false });
    const inSetup = await trainingMember(ctx.app, { setupDone: false });
    const superhuman = await trainingMember(ctx.app, { channel: 2 });
    for (const [m, message] of [
      [noSub, 'An active subscription is required.'],
      [inSetup, 'This action is unauthorized.'],
    ] as const) {
      expect(await get(phaseUrl('calibration'), m.token)).toMatchObject({ status: 403, body: { message } });
      expect((await post(`${phaseUrl('calibration')}/vo2`, m.token, { time_to_complete: 100 })).status).toBe(403);
    }
    expect((await get(phaseUrl('calibration'), superhuman.token)).status).toBe(200);
    expect((await get('/api/user/evolution', noSub.token)).status).toBe(200);
    const admin = (await signedInAdmin(ctx.app)).token;
    expect(await get(phaseUrl('calibration'), admin)).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect((await rest(ctx.app, 'GET', phaseUrl('calibration'))).status).toBe(401);
  });
});
