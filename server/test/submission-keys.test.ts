import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { phaseDataSchema } from '@evolution/shared';
import { Evolution, Media, PhaseSubmission } from '../src/entities/index.ts';
import { corsPreflight, rest, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { multipart, photoWithExif, postMultipart, recordedTraining, trainingMember } from './helpers/training.ts';

const ctx = useTestAppWithDataDir('submission-keys');

const REUSED = 'This idempotency key was already used for another submission.';
const INVALID = 'The idempotency key must be 8 to 64 characters: letters, digits, - or _.';
const phaseUrl = (type: string, phaseType: string) => `/api/user/channel/warrior/${type}/phase/${phaseType}`;
const newKey = () => `phone-${randomUUID()}`;
const maxTests = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
  calibration_id: id,
  amount: id === 6 ? 0 : 12,
  time_to_complete: 60,
}));

/** A phase submission through REST, with the Idempotency-Key header when a key is given. */
const submit = (token: string, type: string, phaseType: string, body: unknown, key?: string) =>
  rest(ctx.app, 'POST', phaseUrl(type, phaseType), {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const recorded = (userId: number) => recordedTraining(ctx.app, userId);

/** A calibrated member on general version 1, phase 2 (the first exercises phase), and that phase's sets. */
async function onFirstExercisesPhase() {
  const member = await trainingMember(ctx.app);
  await ctx.app.orm.em
    .fork()
    .nativeUpdate(Evolution, { user: member.userId }, { needCalibration: false, version: 1, phase: 2 });
  return { ...member, sets: await phaseSets(member.token) };
}

/** Five reps of every set of the member's active general phase, as the runner sends them. */
async function phaseSets(token: string) {
  const phase = phaseDataSchema.parse(
    (await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/phase', { token })).body,
  );
  return phase.rounds.flatMap((round) =>
    round.exercise_ids.map((id) => ({ form_id: id, amount: 5, time_to_complete: 30 })),
  );
}

/** A progress photo upload through REST, with the Idempotency-Key header when a key is given. */
async function uploadPhoto(token: string, key?: string, colour?: string) {
  const form = await multipart({}, [
    { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: await photoWithExif(colour) },
  ]);
  return postMultipart(ctx.app, '/api/user/image', form, token, key === undefined ? {} : { 'idempotency-key': key });
}

let base = '';
/**
 * warrior.uploadImage with FormData as the browser sends it, the key in the `idempotency_key` field; over real HTTP,
 * since tRPC reads FormData from the request stream that app.inject does not give it.
 */
async function uploadPhotoTrpc(token: string, key: string) {
  base ||= await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const form = new FormData();
  form.append('idempotency_key', key);
  form.append('image', new Blob([new Uint8Array(await photoWithExif())], { type: 'image/jpeg' }), 'front.jpg');
  const res = await fetch(`${base}/trpc/warrior.uploadImage`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const photoRows = (userId: number) => ctx.app.orm.em.fork().count(Media, { owner: userId });
const storedFiles = () => readdirSync(join(ctx.dataDir, 'uploads')).length;

describe('a phase sent again with its Idempotency-Key (REST)', () => {
  it('is answered with the first answer after the member moved on, and counts nothing', async () => {
    const member = await onFirstExercisesPhase();
    const key = newKey();
    const first = await submit(member.token, 'general', 'exercises', member.sets, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body.data).toMatchObject({ phase: 3, submitted: { phase: 2 } });
    // The next phase is done (another exercises phase), so this send is no longer the member's latest.
    expect((await submit(member.token, 'general', 'exercises', await phaseSets(member.token))).status).toBe(200);
    const moved = await recorded(member.userId);
    expect(moved).toMatchObject({ state: { phase: 4 }, submissions: 2, results: 2 * member.sets.length });

    const resend = await submit(member.token, 'general', 'exercises', member.sets, key);
    expect(resend).toMatchObject({ status: 200, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect(await recorded(member.userId)).toEqual(moved);
    const rows = await ctx.app.orm.em.fork().find(PhaseSubmission, { user: member.userId, idempotencyKey: key });
    expect(rows.map((r) => r.phase)).toEqual([2]);
  });

  it('counts ten sends of one key at once once, and answers all ten 200 with the same body', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 }, key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await recorded(member.userId)).toMatchObject({ state: { phase: 2 }, submissions: 1, vo2: 1 });
  });

  it('refuses the same key with another submission (payload, phase type) with 422, changing nothing', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    expect((await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 }, key)).status).toBe(200);
    const before = await recorded(member.userId);
    const otherTime = await submit(member.token, 'calibration', 'vo2', { time_to_complete: 801 }, key);
    expect(otherTime).toMatchObject({ status: 422, body: { message: REUSED, errors: { idempotency_key: [REUSED] } } });
    // The max tests are the member's active phase now: with a fresh key they would count.
    expect(await submit(member.token, 'calibration', 'exercise', maxTests, key)).toMatchObject({
      status: 422,
      body: { message: REUSED },
    });
    expect(await recorded(member.userId)).toEqual(before);
  });

  it('refuses with 409 other results, under a new key, for the phase just done (another phone finished it first)', async () => {
    const member = await trainingMember(ctx.app);
    const first = await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 }, newKey());
    expect(first.status).toBe(200);
    const before = await recorded(member.userId);
    // The same results under another key (two tabs of one phone) are that phase again: answered as it was.
    expect(await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 }, newKey())).toMatchObject({
      status: 200,
      body: first.body,
    });
    // Other results are not: the phone shows them refused rather than dropping them as taken.
    expect(await submit(member.token, 'calibration', 'vo2', { time_to_complete: 950 }, newKey())).toMatchObject({
      status: 409,
      body: { message: 'This is not your active phase.' },
    });
    expect(await recorded(member.userId)).toEqual(before);
  });

  it("leaves another member's identical key alone: each member's key is their own", async () => {
    const [a, b] = [await trainingMember(ctx.app), await trainingMember(ctx.app)];
    const key = newKey();
    const mine = await submit(a.token, 'calibration', 'vo2', { time_to_complete: 800 }, key);
    const theirs = await submit(b.token, 'calibration', 'vo2', { time_to_complete: 900 }, key);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.vo2).toMatchObject({ seconds: 900 });
    expect(mine.body.data.vo2).toMatchObject({ seconds: 800 });
    expect(await recorded(b.userId)).toMatchObject({ state: { phase: 2 }, submissions: 1, vo2: 1 });
  });

  it('keeps nothing of a refused submission (409, 403), so its resend is refused again', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const before = await recorded(member.userId);
    for (let i = 0; i < 2; i++) {
      expect(await submit(member.token, 'calibration', 'flexibility', {}, key)).toMatchObject({
        status: 409,
        body: { message: 'This is not your active phase.' },
      });
    }
    const unsubscribed = await trainingMember(ctx.app, { subscribed: false });
    for (let i = 0; i < 2; i++)
      expect((await submit(unsubscribed.token, 'calibration', 'vo2', { time_to_complete: 800 }, key)).status).toBe(403);
    expect(await recorded(member.userId)).toEqual(before);
    expect(await ctx.app.orm.em.fork().count(PhaseSubmission, { idempotencyKey: key })).toBe(0);
  });

  it('refuses a malformed key with 422 saying what a key is, changing nothing', async () => {
    const member = await trainingMember(ctx.app);
    const before = await recorded(member.userId);
    for (const key of ['short', 'with space in it', 'x'.repeat(65), 'ünïcode-key', '']) {
      expect(await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 }, key)).toMatchObject({
        status: 422,
        body: { message: INVALID, errors: { idempotency_key: [INVALID] } },
      });
    }
    expect(await recorded(member.userId)).toEqual(before);
  });

  it('without a key, behaves as before: a retry of the latest submission replays, an older one is refused (409)', async () => {
    const member = await trainingMember(ctx.app);
    const first = await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 });
    expect(await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 })).toMatchObject({
      status: 200,
      body: first.body,
      headers: { 'idempotent-replayed': 'true' },
    });
    expect((await submit(member.token, 'calibration', 'exercise', maxTests)).status).toBe(200);
    expect(await submit(member.token, 'calibration', 'vo2', { time_to_complete: 800 })).toMatchObject({
      status: 409,
      body: { message: 'This is not your active phase.' },
    });
    expect(await recorded(member.userId)).toMatchObject({ state: { phase: 3 }, submissions: 2, vo2: 1 });
  });
});

describe('a phase sent again with its idempotency_key (tRPC warrior.submitPhase)', () => {
  const send = (token: string, input: Record<string, unknown>) =>
    trpc(ctx.app, 'mutation', 'warrior.submitPhase', input, token);

  it('is answered with the first answer after the member moved on, counts nothing, and refuses the key for another submission', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const vo2 = { type: 'calibration', phaseType: 'vo2', data: { time_to_complete: 750 }, idempotency_key: key };
    const first = await send(member.token, vo2);
    expect(first.data.data).toMatchObject({ phase: 2, vo2: { seconds: 750 } });
    expect(
      (
        await send(member.token, {
          type: 'calibration',
          phaseType: 'exercise',
          data: maxTests,
          idempotency_key: newKey(),
        })
      ).status,
    ).toBe(200);
    const moved = await recorded(member.userId);

    expect(await send(member.token, vo2)).toMatchObject({ status: 200, data: first.data });
    expect(await recorded(member.userId)).toEqual(moved);
    expect(moved).toMatchObject({ state: { phase: 3 }, submissions: 2, vo2: 1 });
    const reused = await send(member.token, { ...vo2, data: { time_to_complete: 751 } });
    expect(reused).toMatchObject({
      status: 422,
      error: { message: REUSED, data: { errors: { idempotency_key: [REUSED] } } },
    });
    const malformed = await send(member.token, { ...vo2, idempotency_key: 'no' });
    expect(malformed).toMatchObject({
      status: 422,
      error: { message: INVALID, data: { code: 'UNPROCESSABLE_CONTENT' } },
    });
    expect(await recorded(member.userId)).toEqual(moved);
  });

  it('shares keys with REST: a phase sent by REST with a key and again by tRPC with it is counted once', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const first = await submit(member.token, 'calibration', 'vo2', { time_to_complete: 640 }, key);
    const again = await send(member.token, {
      type: 'calibration',
      phaseType: 'vo2',
      data: { time_to_complete: 640 },
      idempotency_key: key,
    });
    expect(again).toMatchObject({ status: 200, data: first.body });
    expect(await recorded(member.userId)).toMatchObject({ submissions: 1, vo2: 1 });
  });
});

describe('a progress photo sent again with its key', () => {
  it('answers the same image id and stores no second photo (REST Idempotency-Key)', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const first = await uploadPhoto(member.token, key);
    expect(first).toMatchObject({ status: 201, body: { image: { id: expect.any(Number) } } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const files = storedFiles();
    const again = await uploadPhoto(member.token, key);
    expect(again).toMatchObject({ status: 201, body: first.body, headers: { 'idempotent-replayed': 'true' } });
    expect(await photoRows(member.userId)).toBe(1);
    expect(storedFiles()).toBe(files);
    // Without a key every upload is a new photo, as before.
    expect((await uploadPhoto(member.token)).body.image.id).not.toBe(first.body.image.id);
  });

  it('answers the same image id through tRPC warrior.uploadImage (FormData field idempotency_key), shared with REST', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const first = await uploadPhotoTrpc(member.token, key);
    const id = first.body.result.data.image.id as number;
    expect(first.status).toBe(200);
    expect((await uploadPhotoTrpc(member.token, key)).body.result.data.image.id).toBe(id);
    expect((await uploadPhoto(member.token, key)).body.image.id).toBe(id);
    expect(await photoRows(member.userId)).toBe(1);
    const malformed = await uploadPhotoTrpc(member.token, 'bad key!');
    expect(malformed).toMatchObject({ status: 422, body: { error: { message: INVALID } } });
    expect(await photoRows(member.userId)).toBe(1);
  });

  it("stores one photo for five sends of one key at once; another member's same key is their own photo", async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => uploadPhoto(member.token, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.body.image.id)).size).toBe(1);
    expect(await photoRows(member.userId)).toBe(1);
    const other = await trainingMember(ctx.app);
    const theirs = await uploadPhoto(other.token, key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.image.id).not.toBe(answers[0]!.body.image.id);
    expect(
      (await rest(ctx.app, 'GET', `/api/user/image/${answers[0]!.body.image.id}`, { token: other.token })).status,
    ).toBe(403);
  });

  it('refuses a malformed key with 422 and stores nothing', async () => {
    const member = await trainingMember(ctx.app);
    expect(await uploadPhoto(member.token, 'short')).toMatchObject({
      status: 422,
      body: { message: INVALID, errors: { idempotency_key: [INVALID] } },
    });
    expect(await photoRows(member.userId)).toBe(0);
  });
});

describe('two sends of one key that meet past the row lock', () => {
  /** Runs `write` in a transaction of its own left open until `request` waits on it, then commits and answers the request. */
  async function whileUncommitted<T>(
    write: (client: pg.Client) => Promise<void>,
    request: () => Promise<T>,
  ): Promise<T> {
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await write(client);
      const pending = request();
      // The request's insert waits on the open row's unique key: only then is the transaction committed.
      for (let waited = 0; ; waited += 20) {
        const {
          rows: [row],
        } = await client.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (row.n > 0) break;
        if (waited > 10_000) throw new Error('the request never waited on the open row');
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.query('commit');
      return await pending;
    } finally {
      await client.end();
    }
  }

  it('turns the unique index refusing a phase submission into the replay of the first (never a 500)', async () => {
    // Another member's same send gives the row's fingerprint; the member's own row is written as a concurrent first send would.
    const model = await trainingMember(ctx.app);
    const body = { time_to_complete: 820 };
    await submit(model.token, 'calibration', 'vo2', body);
    const [modelRow] = await ctx.app.orm.em
      .fork()
      .getConnection()
      .execute<{ fingerprint: string; response: unknown }[]>(
        'select fingerprint, response from phase_submissions where user_id = ?',
        [model.userId],
      );
    const member = await trainingMember(ctx.app);
    const before = await recorded(member.userId);
    const key = newKey();
    const firstAnswer = { message: 'VO2 max test complete.', data: { marker: 'the first send' } };
    const res = await whileUncommitted(
      (client) =>
        client
          .query(
            `insert into phase_submissions (user_id, evolution, track, version, phase, phase_type, fingerprint, response, idempotency_key, created_at) values ($1, 1, 'calibration', 99, 1, 'vo2', $2, $3, $4, now())`,
            [member.userId, modelRow!.fingerprint, JSON.stringify(firstAnswer), key],
          )
          .then(() => undefined),
      () => submit(member.token, 'calibration', 'vo2', body, key),
    );
    expect(res).toMatchObject({ status: 200, body: firstAnswer, headers: { 'idempotent-replayed': 'true' } });
    // Nothing of the losing send stayed: only the committed row is there.
    expect(await recorded(member.userId)).toEqual({ ...before, submissions: 1 });
  });

  it('turns the unique index refusing a photo into the first photo’s id, leaving no file behind', async () => {
    const member = await trainingMember(ctx.app);
    const key = newKey();
    let firstId = 0;
    const files = storedFiles();
    const res = await whileUncommitted(
      async (client) => {
        const { rows } = await client.query(
          `insert into media (kind, path, mime, size, owner_id, idempotency_key, created_at) values ('progress_photo', $1, 'image/jpeg', 1, $2, $3, now()) returning id`,
          [`uploads/${randomUUID()}.jpg`, member.userId, key],
        );
        firstId = rows[0].id;
      },
      () => uploadPhoto(member.token, key),
    );
    expect(res).toMatchObject({
      status: 201,
      body: { image: { id: firstId } },
      headers: { 'idempotent-replayed': 'true' },
    });
    expect(await photoRows(member.userId)).toBe(1);
    expect(storedFiles()).toBe(files);
  });
});

describe('the REST contract of the key', () => {
  it('lets a web page of another origin send the key and read the replay header (CORS)', async () => {
    const preflight = await corsPreflight(ctx.app, '/api/user/image', {
      origin: 'https://partner.example',
      method: 'POST',
      headers: 'authorization,idempotency-key',
    });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/idempotency-key/i);
    const member = await trainingMember(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: phaseUrl('calibration', 'vo2'),
      payload: { time_to_complete: 800 },
      headers: {
        origin: 'https://partner.example',
        authorization: `Bearer ${member.token}`,
        'idempotency-key': newKey(),
      },
    });
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/idempotent-replayed/i);
  });

  it('documents the Idempotency-Key header of the phase submission and the photo upload', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    for (const path of ['/user/channel/warrior/{type}/phase/{phaseType}', '/user/image']) {
      const header = spec.paths[path].post.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(header).toMatchObject({ required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' } });
      expect(header.description).toMatch(/resend/);
    }
  });
});
