import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, PUSH_MESSAGE as M, pushNotificationSchema, pushSubscriptionSchema } from '@evolution/shared';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, loadConfig } from '../src/config.ts';
import { ensureAdmin } from '../src/db/seed.ts';
import { PushSubscription } from '../src/entities/index.ts';
import { PUSH_CONCURRENCY, PUSH_MAX_DEVICES, PUSH_PAGE_SIZE } from '../src/services/push.ts';
import { expectFieldErrors, newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { decryptPush, deviceKeys, readVapid, useTestPushService, type TestDevice } from './helpers/pushService.ts';
import { useTestSmtp } from './helpers/smtp.ts';

// Web Push: devices registered over REST and tRPC; coaches' replies, closes and messages reach a member's
// device, members' flags an admin's, through the job queue to a real local push service that decrypts each message.

const push = await useTestPushService();
// Mails go to a real SMTP server too (the same writes queue them), so nothing lands in the data folder.
const { url: smtpUrl } = await useTestSmtp();
// Retries become due after the queue's backoff (e^attempts seconds); a short poll picks them up promptly. The push
// services are the browsers' own, the local one (plain http on 127.0.0.1, but not localhost) and push.example.com.
const ctx = useTestApp({
  smtpUrl,
  jobPollIntervalMs: 100,
  pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1', 'push.example.com'],
});
const em = () => ctx.app.orm.em.fork();

/**
 * Makes every waiting push retry due now, over and over until stopped: the 5 s retry delay and the queue's backoff are
 * the server's to keep, not this test's to sit through.
 */
function hurryRetries(): () => void {
  const timer = setInterval(() => {
    void em()
      .execute(
        `select graphile_worker.reschedule_jobs(array_agg(id), run_at => now()) from graphile_worker.jobs
         where task_identifier = 'push_retry' and run_at > now() and locked_at is null having count(*) > 0`,
      )
      .catch(() => {});
  }, 100);
  return () => clearInterval(timer);
}

interface Account {
  token: string;
  id: number;
}

async function member(): Promise<Account> {
  const res = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
  return { token: res.body.access_token, id: res.body.user_id };
}

let adminSeq = 0;
async function admin(): Promise<Account> {
  const email = `push.coach${++adminSeq}.${Date.now()}@example.com`;
  const { user } = await ensureAdmin(em(), ctx.app.config, email, 'coach-pass-1', 'Coach Pia');
  const res = await rest(ctx.app, 'POST', '/api/login', { body: { email, password: 'coach-pass-1' } });
  return { token: res.body.access_token, id: user.id };
}

const subscribe = (who: Account | undefined, body: unknown) =>
  rest(ctx.app, 'POST', '/api/push/subscription', { token: who?.token, body });
const unsubscribe = (who: Account | undefined, body: unknown) =>
  rest(ctx.app, 'DELETE', '/api/push/subscription', { token: who?.token, body });
const asJson = (device: TestDevice) => ({ endpoint: device.endpoint, keys: device.keys, expirationTime: null });
const rowOf = (endpoint: string) => em().findOne(PushSubscription, { endpoint }, { populate: ['user'] });

/** The member opens an assistance flag; its row as the answer gives it. */
async function openFlag(m: Account, subject: string, message: string) {
  return (await rest(ctx.app, 'POST', '/api/user/assistance_flag', { token: m.token, body: { subject, message } })).body
    .data;
}

/** The coach replies in a flag; the answer's status. */
async function coachReplies(flagId: number, message: string): Promise<number> {
  return (
    await rest(ctx.app, 'POST', `/api/admin/assistance_flag/${flagId}/reply`, { token: coach.token, body: { message } })
  ).status;
}

/** The notification a device received (its n-th push), decrypted with the device's own keys. */
async function notificationAt(device: TestDevice, n = 1, timeoutMs?: number) {
  const request = await push.received(device.name, n, timeoutMs);
  return {
    request,
    notification: pushNotificationSchema.strict().parse(JSON.parse(decryptPush(device, request.body))),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let coach: Account;
beforeAll(async () => {
  coach = await admin();
});

describe('VAPID keys', () => {
  const base = { JWT_SECRET: 'x'.repeat(32) };
  it('are generated on first start and kept in DATA_DIR/vapid.json (owner-only), then read back on every start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evolution-vapid-'));
    try {
      const first = loadConfig({ ...base, DATA_DIR: dataDir, MAIL_FROM: 'Evolution <coach@evolution.example>' }).vapid;
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(first.subject).toBe('mailto:coach@evolution.example');
      const file = join(dataDir, 'vapid.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ ...base, DATA_DIR: dataDir }).vapid).toMatchObject({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
        subject: 'mailto:no-reply@localhost',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("are one pair for instances starting together on one shared folder: the first one's", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evolution-vapid-race-'));
    const config = new URL('../src/config.ts', import.meta.url).href;
    const script = `const { loadConfig } = await import(${JSON.stringify(config)}); console.log(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: ${JSON.stringify(dataDir)} }).vapid.publicKey);`;
    try {
      const starts = await Promise.all(
        Array.from({ length: 4 }, () => promisify(execFile)(process.execPath, ['--input-type=module', '-e', script])),
      );
      const keys = new Set(starts.map((s) => s.stdout.trim()));
      expect(keys.size).toBe(1);
      expect(keys).toEqual(new Set([JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')).publicKey]));
      // No temporary file is left behind.
      expect(readdirSync(dataDir)).toEqual(['vapid.json']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (nothing written), with VAPID_SUBJECT; a half or malformed pair stops the start', () => {
    const dataDir = join(tmpdir(), `evolution-vapid-none-${Date.now()}`);
    const keys = webpush.generateVAPIDKeys();
    const env = { ...base, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(loadConfig({ ...env, VAPID_SUBJECT: 'https://evolution.example/contact' }).vapid).toEqual({
      ...keys,
      subject: 'https://evolution.example/contact',
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.privateKey })).toThrow(
      'VAPID_PUBLIC_KEY must be a P-256 public key',
    );
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: 'not base64url!' })).toThrow(
      'VAPID_PRIVATE_KEY must be a P-256 private key',
    );
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'coach@evolution.example' })).toThrow(
      'VAPID_SUBJECT must be a mailto: address or an https: URL.',
    );
  });
});

describe('PUSH_ENDPOINT_HOSTS', () => {
  // Keys given, so nothing is written to the data folder.
  const keys = webpush.generateVAPIDKeys();
  const base = { JWT_SECRET: 'x'.repeat(32), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
  it("is the browsers' push services when unset or empty, else the listed names, and anything but a host name stops the start", () => {
    const browsers = [
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      'push.services.mozilla.com',
      'web.push.apple.com',
      'notify.windows.com',
    ];
    expect(loadConfig(base).pushEndpointHosts).toEqual(browsers);
    expect(loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: ' ' }).pushEndpointHosts).toEqual(browsers);
    expect(
      loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: ' Web.Push.Apple.com, 127.0.0.1,,[::1] ' }).pushEndpointHosts,
    ).toEqual(['web.push.apple.com', '127.0.0.1', '[::1]']);
    for (const wrong of [
      '*.notify.windows.com',
      'https://fcm.googleapis.com',
      'push.example.com:443',
      'push example.com',
    ]) {
      expect(() => loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: wrong })).toThrow(
        'PUSH_ENDPOINT_HOSTS must list host names',
      );
    }
  });
});

describe('GET /api/push/key', () => {
  it("answers the server's VAPID public key to members and admins alike", async () => {
    const m = await member();
    const key = ctx.app.config.vapid.publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await rest(ctx.app, 'GET', '/api/push/key', { token: m.token })).toMatchObject({
      status: 200,
      body: { data: { public_key: key } },
    });
    expect(await rest(ctx.app, 'GET', '/api/push/key', { token: coach.token })).toMatchObject({
      status: 200,
      body: { data: { public_key: key } },
    });
    expect((await trpc(ctx.app, 'query', 'push.key', undefined, m.token)).data).toEqual({ public_key: key });
  });

  it('is 401 anonymous, as is every push call, over REST and tRPC', async () => {
    const device = push.device('anonymous');
    for (const res of [
      await rest(ctx.app, 'GET', '/api/push/key'),
      await rest(ctx.app, 'GET', `/api/push/subscription?endpoint=${encodeURIComponent(device.endpoint)}`),
      await subscribe(undefined, asJson(device)),
      await unsubscribe(undefined, { endpoint: device.endpoint }),
    ])
      expect(res).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await trpc(ctx.app, 'query', 'push.key')).status).toBe(401);
    expect((await trpc(ctx.app, 'mutation', 'push.subscribe', asJson(device))).status).toBe(401);
    expect((await trpc(ctx.app, 'mutation', 'push.unsubscribe', { endpoint: device.endpoint })).status).toBe(401);
    expect(await rowOf(device.endpoint)).toBeNull();
  });
});

describe('POST /api/push/subscription', () => {
  const good = () => asJson(push.device('valid'));
  const keys = deviceKeys().keys;
  const cases: [string, unknown, Record<string, string[]>][] = [
    ['an empty body', {}, { endpoint: [M.endpointRequired], keys: [M.keysRequired] }],
    [
      'an http endpoint on another host',
      { ...good(), endpoint: 'http://push.example.com/send/1' },
      { endpoint: [M.endpointInvalid] },
    ],
    ['an endpoint that is no URL', { ...good(), endpoint: 'not a url' }, { endpoint: [M.endpointInvalid] }],
    [
      'an endpoint with credentials',
      { ...good(), endpoint: 'https://user:pass@push.example.com/1' },
      { endpoint: [M.endpointInvalid] },
    ],
    [
      'an endpoint over 2048 characters',
      { ...good(), endpoint: `https://push.example.com/${'x'.repeat(2048)}` },
      { endpoint: [M.endpointTooLong] },
    ],
    [
      'missing keys',
      { endpoint: 'https://push.example.com/1', keys: {} },
      { 'keys.p256dh': [M.p256dhRequired], 'keys.auth': [M.authRequired] },
    ],
    [
      'a p256dh of the wrong length',
      { ...good(), keys: { ...keys, p256dh: keys.p256dh.slice(0, 60) } },
      { 'keys.p256dh': [M.p256dhInvalid] },
    ],
    [
      'a p256dh that is no uncompressed point',
      { ...good(), keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } },
      { 'keys.p256dh': [M.p256dhInvalid] },
    ],
    [
      'a p256dh in standard base64',
      { ...good(), keys: { ...keys, p256dh: `${keys.p256dh.slice(0, 80)}+/+/+/+` } },
      { 'keys.p256dh': [M.p256dhInvalid] },
    ],
    [
      'an auth secret of 15 bytes',
      { ...good(), keys: { ...keys, auth: Buffer.alloc(15, 7).toString('base64url') } },
      { 'keys.auth': [M.authInvalid] },
    ],
  ];
  it.each(cases)('refuses %s with 422 and clear messages, storing nothing', async (_what, body, errors) => {
    const m = await member();
    const res = await subscribe(m, body);
    expectFieldErrors(res, errors);
    expect(await em().count(PushSubscription, { user: m.id })).toBe(0);
  });

  it('refuses a p256dh that is the right length but no point on the P-256 curve', async () => {
    const m = await member();
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const res = await subscribe(m, { ...good(), keys: { ...keys, p256dh: offCurve } });
    expect(res).toMatchObject({ status: 422, body: { errors: { 'keys.p256dh': [M.p256dhInvalid] } } });
  });

  // The server posts to whatever endpoint is registered: only a browser's push service may be one (PUSH_ENDPOINT_HOSTS).
  const offService: [string, string][] = [
    ['a private address', 'https://10.0.0.5/x'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['an arbitrary host', 'https://internal.example/x'],
    ["a name that only ends like a push service's", 'https://evilfcm.googleapis.com/fcm/send/abc'],
    ["a push service's name inside another domain", 'https://fcm.googleapis.com.internal.example/fcm/send/abc'],
    ['plain http on a loopback name the list does not have', `${push.origin.replace('127.0.0.1', 'localhost')}/push/x`],
    ['plain http on [::1], not listed', 'http://[::1]/push/x'],
  ];
  it.each(offService)('refuses %s (%s) with 422 on the endpoint, storing nothing', async (_what, endpoint) => {
    const m = await member();
    const res = await subscribe(m, { ...good(), endpoint });
    expect(res).toMatchObject({
      status: 422,
      body: { message: M.endpointHost, errors: { endpoint: [M.endpointHost] } },
    });
    expect(await em().count(PushSubscription, { user: m.id })).toBe(0);
    expect(await rowOf(endpoint)).toBeNull();
  });

  it('registers a device on a push service of the default list (FCM, and a WNS subdomain of notify.windows.com)', async () => {
    const m = await member();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await subscribe(m, { endpoint, keys: deviceKeys().keys });
      expect(res).toMatchObject({ status: 201, body: { data: { endpoint } } });
      // Off again, so no later notification leaves for the real service.
      expect((await unsubscribe(m, { endpoint })).status).toBe(200);
    }
  });

  it('answers 422 in tRPC with the same errors', async () => {
    const m = await member();
    for (const [endpoint, message] of [
      ['ftp://push.example.com/1', M.endpointInvalid],
      ['https://10.0.0.5/x', M.endpointHost],
    ]) {
      const res = await trpc(ctx.app, 'mutation', 'push.subscribe', { endpoint, keys }, m.token);
      expect(res.status).toBe(422);
      expect(res.error.data.errors).toEqual({ endpoint: [message] });
    }
    expect(await em().count(PushSubscription, { user: m.id })).toBe(0);
  });

  it('registers a device (201), again updates its keys (200, one row), and a device another account registers moves to it', async () => {
    const first = await member();
    const second = await member();
    const device = push.device('shared-phone');
    const created = await subscribe(first, asJson(device));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(M.subscribed);
    expect(pushSubscriptionSchema.strict().parse(created.body.data)).toMatchObject({
      endpoint: device.endpoint,
      last_used_at: null,
    });

    const rekeyed = deviceKeys();
    const again = await subscribe(first, { endpoint: device.endpoint, keys: rekeyed.keys });
    expect(again.status).toBe(200);
    expect(again.body.data.created_at).toBe(created.body.data.created_at);
    expect(await em().count(PushSubscription, { endpoint: device.endpoint })).toBe(1);
    expect((await rowOf(device.endpoint))!.p256dh).toBe(rekeyed.keys.p256dh);

    // Another account signs in on the same phone and turns notifications on: the device is theirs now.
    const moved = await trpc(ctx.app, 'mutation', 'push.subscribe', asJson(device), second.token);
    expect(moved.status).toBe(200);
    expect(moved.data.created).toBe(true);
    const row = await rowOf(device.endpoint);
    expect(row!.user.id).toBe(second.id);
    expect(await em().count(PushSubscription, { endpoint: device.endpoint })).toBe(1);
    const query = `/api/push/subscription?endpoint=${encodeURIComponent(device.endpoint)}`;
    expect(await rest(ctx.app, 'GET', query, { token: first.token })).toMatchObject({
      status: 404,
      body: { message: M.notFound },
    });
    expect(await rest(ctx.app, 'GET', query, { token: second.token })).toMatchObject({
      status: 200,
      body: { data: { endpoint: device.endpoint } },
    });
    expect(
      (await trpc(ctx.app, 'query', 'push.subscription', { endpoint: device.endpoint }, first.token)).data,
    ).toBeNull();
  });

  it(`keeps at most ${PUSH_MAX_DEVICES} devices an account, dropping the longest unused`, async () => {
    const m = await member();
    const devices = Array.from({ length: PUSH_MAX_DEVICES + 1 }, (_v, i) => push.device(`many-${m.id}-${i}`));
    for (const device of devices) expect((await subscribe(m, asJson(device))).status).toBe(201);
    const kept = await em().find(PushSubscription, { user: m.id }, { orderBy: { id: 'asc' } });
    expect(kept.map((r) => r.endpoint)).toEqual(devices.slice(1).map((d) => d.endpoint));
  });
});

describe('DELETE /api/push/subscription', () => {
  it("removes the caller's own device only: another member's is a 404 and stays", async () => {
    const owner = await member();
    const intruder = await member();
    const device = push.device('owned');
    expect((await subscribe(owner, asJson(device))).status).toBe(201);
    expect(await unsubscribe(intruder, { endpoint: device.endpoint })).toMatchObject({
      status: 404,
      body: { message: M.notFound },
    });
    expect(
      (await trpc(ctx.app, 'mutation', 'push.unsubscribe', { endpoint: device.endpoint }, coach.token)).status,
    ).toBe(404);
    expect(await rowOf(device.endpoint)).not.toBeNull();
    expect(await unsubscribe(owner, { endpoint: device.endpoint })).toMatchObject({
      status: 200,
      body: { message: M.unsubscribed },
    });
    expect(await rowOf(device.endpoint)).toBeNull();
    expect((await unsubscribe(owner, { endpoint: device.endpoint })).status).toBe(404);
    expect(await unsubscribe(owner, {})).toMatchObject({
      status: 422,
      body: { errors: { endpoint: [M.endpointRequired] } },
    });
  });
});

describe("a member's device", () => {
  it("gets the coach's reply: encrypted for its keys, signed with the server's VAPID key, and the row stamped as used", async () => {
    const m = await member();
    const phone = push.device(`member-phone-${m.id}`);
    expect((await subscribe(m, asJson(phone))).status).toBe(201);
    const flag = await openFlag(m, 'Knee twinge on squats', 'It hurts at the bottom.');
    const before = Date.now();
    expect(await coachReplies(flag.id, 'Try box squats.')).toBe(200);

    const { request, notification } = await notificationAt(phone);
    expect(notification).toEqual({
      title: 'Your coach replied',
      body: 'Assistance flag: Knee twinge on squats',
      url: `/#/with_menu/assistance_flags/${flag.id}`,
      tag: `flag-${flag.id}`,
    });
    // The health details of the thread stay in the app: the payload names the subject only.
    expect(JSON.stringify(notification)).not.toContain('box squats');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.topic).toBe(`flag-${flag.id}`);
    const vapid = readVapid(request.headers.authorization);
    expect(vapid.publicKey).toBe(ctx.app.config.vapid.publicKey);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toBe(ctx.app.config.vapid.subject);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(before);
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    await expect.poll(async () => (await rowOf(phone.endpoint))?.lastUsedAt ?? null).not.toBeNull();
    expect(push.to(phone.name)).toHaveLength(1);
  });

  it("gets the coach's close of the flag and the coach's message, on every device the member has", async () => {
    const m = await member();
    const phone = push.device(`phone-${m.id}`);
    const laptop = push.device(`laptop-${m.id}`);
    expect((await subscribe(m, asJson(phone))).status).toBe(201);
    expect((await trpc(ctx.app, 'mutation', 'push.subscribe', asJson(laptop), m.token)).status).toBe(200);
    const flag = await openFlag(m, 'Plan question', 'Which version next?');
    expect(
      (await rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flag.id}/done`, { token: coach.token })).status,
    ).toBe(200);
    for (const device of [phone, laptop]) {
      expect((await notificationAt(device)).notification).toEqual({
        title: 'Assistance flag closed',
        body: 'Your coach closed "Plan question".',
        url: `/#/with_menu/assistance_flags/${flag.id}`,
        tag: `flag-${flag.id}`,
      });
    }

    const sent = await rest(ctx.app, 'POST', '/api/admin/message', {
      token: coach.token,
      body: { recipient_id: m.id, subject: 'Week 2 check-in', message: 'How did the deload feel?' },
    });
    expect(sent.status).toBe(201);
    for (const device of [phone, laptop]) {
      expect((await notificationAt(device, 2)).notification).toEqual({
        title: 'New message from your coach',
        body: 'Week 2 check-in',
        url: `/#/with_menu/messages/${sent.body.data.id}`,
        tag: `message-${sent.body.data.id}`,
      });
    }
  });

  it('on a host the list no longer has is dropped by the next notification and never sent to', async () => {
    const m = await member();
    const phone = push.device(`listed-${m.id}`);
    expect((await subscribe(m, asJson(phone))).status).toBe(201);
    // A row kept from before PUSH_ENDPOINT_HOSTS changed: the same local push service, under a name the list lacks.
    const stale = push.device(`stale-${m.id}`);
    const unlisted = push.origin.replace('127.0.0.1', 'localhost');
    const staleEndpoint = `${unlisted}/push/${stale.name}`;
    await em().execute(
      'insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at) values (?, ?, ?, ?, now())',
      [m.id, staleEndpoint, stale.keys.p256dh, stale.keys.auth],
    );
    // The service does answer at that name: a send to the stale device would arrive.
    expect((await fetch(`${unlisted}/push/reach-${m.id}`, { method: 'POST' })).status).toBe(201);

    const flag = await openFlag(m, 'Old phone', 'Help');
    expect(await coachReplies(flag.id, 'Hello')).toBe(200);
    expect((await notificationAt(phone)).notification.title).toBe('Your coach replied');
    await expect.poll(() => rowOf(staleEndpoint)).toBeNull();
    expect(push.to(stale.name)).toHaveLength(0);
    expect(await rowOf(phone.endpoint)).not.toBeNull();
  });

  it('that its push service calls gone (410 or 404) is dropped, and one that fails for a while is tried again', async () => {
    const m = await member();
    const gone = push.device(`gone-${m.id}`);
    const missing = push.device(`missing-${m.id}`);
    const flaky = push.device(`flaky-${m.id}`);
    for (const device of [gone, missing, flaky]) expect((await subscribe(m, asJson(device))).status).toBe(201);
    push.answer(gone.name, 410);
    push.answer(missing.name, 404);
    push.answer(flaky.name, 503, 429);
    const flag = await openFlag(m, 'Gone phone', 'Help');
    expect(await coachReplies(flag.id, 'Hello')).toBe(200);

    await push.received(gone.name);
    await push.received(missing.name);
    await expect.poll(() => rowOf(gone.endpoint)).toBeNull();
    await expect.poll(() => rowOf(missing.endpoint)).toBeNull();
    // 503, then 429 on the retry (5 s later), then taken after the queue's backoff (e^1, about 2.7 s): made due at once.
    const hurried = hurryRetries();
    const third = await notificationAt(flaky, 3, 20_000).finally(hurried);
    expect(third.notification.title).toBe('Your coach replied');
    expect(push.to(flaky.name).map((r) => r.status)).toEqual([503, 429, 201]);
    expect(await rowOf(flaky.endpoint)).not.toBeNull();
    await pause(300);
    expect(push.to(gone.name)).toHaveLength(1);
    expect(push.to(missing.name)).toHaveLength(1);
  }, 30_000);
});

describe("an admin's device", () => {
  it('gets a member opening a flag and replying in it, with the link to the admin thread', async () => {
    const coachDevice = push.device(`coach-desk-${coach.id}`);
    expect((await trpc(ctx.app, 'mutation', 'push.subscribe', asJson(coachDevice), coach.token)).status).toBe(200);
    const m = await member();
    const flag = await openFlag(m, 'Wrist pain', 'On push-ups.');
    const opened = await notificationAt(coachDevice);
    expect(opened.notification).toEqual({
      title: 'New assistance flag',
      body: `${flag.from}: Wrist pain`,
      url: `/#/admin/assistance_flag/${flag.id}`,
      tag: `flag-${flag.id}`,
    });
    expect(readVapid(opened.request.headers.authorization).publicKey).toBe(ctx.app.config.vapid.publicKey);

    expect(
      (
        await rest(ctx.app, 'POST', `/api/user/assistance_flag/${flag.id}/reply`, {
          token: m.token,
          body: { message: 'Still sore.' },
        })
      ).status,
    ).toBe(200);
    expect((await notificationAt(coachDevice, 2)).notification).toEqual({
      title: 'Reply on an assistance flag',
      body: `${flag.from}: Wrist pain`,
      url: `/#/admin/assistance_flag/${flag.id}`,
      tag: `flag-${flag.id}`,
    });
    // Off again, so the later tests' flags do not reach it.
    expect(
      (await trpc(ctx.app, 'mutation', 'push.unsubscribe', { endpoint: coachDevice.endpoint }, coach.token)).data,
    ).toEqual({ message: M.unsubscribed });
  });
});

describe('a message to a channel', () => {
  it(`reaches each of 1,200 devices exactly once, ${PUSH_PAGE_SIZE} at a time in id order, at most ${PUSH_CONCURRENCY} sends in flight, failures tried again alone`, async () => {
    const shared = deviceKeys();
    const fork = em();
    // 300 superhuman members with four devices each, seeded set-based.
    await fork.execute(
      `insert into users (email, name, password, role, initial_setup, initial_setup_step, access, token_version, created_at, updated_at)
       select 'broadcast-' || n || '@example.com', 'Broadcast ' || n, 'not-a-hash', 1, 0, 3, '{}', 0, now(), now() from generate_series(1, 300) n`,
    );
    await fork.execute(
      `insert into subscriptions (user_id, channel_id, plan_id, amount_pence, status, provider, start_date, current_period_end, cancel_at_period_end, created_at, updated_at)
       select id, ?, 3, 4999, 'active', 'offline', now(), now() + interval '30 days', false, now(), now() from users where email like 'broadcast-%'`,
      [CHANNEL.superhuman],
    );
    await fork.execute(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
       select u.id, ? || '/push/b-' || u.id || '-' || d, ?, ?, now() from users u cross join generate_series(1, 4) d
       where u.email like 'broadcast-%' order by u.id, d`,
      [push.origin, shared.keys.p256dh, shared.keys.auth],
    );
    const seeded = await fork.execute<{ id: number; endpoint: string }[]>(
      `select id, endpoint from push_subscriptions where endpoint like ? order by id`,
      [`${push.origin}/push/b-%`],
    );
    expect(seeded).toHaveLength(1200);
    const nameOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);
    const rank = new Map(seeded.map((s, i) => [nameOf(s.endpoint), i]));
    // One device per page fails once and is tried again later; two are gone.
    const flaky = [10, 700, 1100].map((i) => nameOf(seeded[i]!.endpoint));
    const gone = [20, 1150].map((i) => nameOf(seeded[i]!.endpoint));
    for (const name of flaky) push.answer(name, 500);
    for (const name of gone) push.answer(name, 410);
    push.state.delayMs = 5;
    push.state.maxFirstsInFlight = 0;
    const since = push.requests.length;

    const sent = await rest(ctx.app, 'POST', '/api/admin/message', {
      token: coach.token,
      body: { channel_id: CHANNEL.superhuman, subject: 'New recipes', message: 'Five new breakfasts.' },
    });
    expect(sent.status).toBe(201);
    // Stored with its delivery queued: the recipients are written by the job queue, which then queues the push walk.
    expect(sent.body.data).toMatchObject({ expected_count: 300, delivered_at: null });

    const broadcast = () => push.requests.slice(since).filter((r) => rank.has(r.device));
    const hurried = hurryRetries();
    await expect
      .poll(() => broadcast().length, { timeout: 20_000, interval: 100 })
      .toBe(1200 + flaky.length)
      .finally(hurried);
    await pause(500);
    push.state.delayMs = 0;

    const requests = broadcast();
    const perDevice = new Map<string, number>();
    for (const r of requests) perDevice.set(r.device, (perDevice.get(r.device) ?? 0) + 1);
    expect(perDevice.size).toBe(1200);
    for (const [device, count] of perDevice) expect([device, count]).toEqual([device, flaky.includes(device) ? 2 : 1]);
    const expected = {
      title: 'New message from your coach',
      body: 'New recipes',
      url: `/#/with_menu/messages/${sent.body.data.id}`,
      tag: `message-${sent.body.data.id}`,
    };
    for (const r of requests) expect(JSON.parse(decryptPush(shared, r.body))).toEqual(expected);

    // Pages: every first send of a page arrives before any of the next page's.
    const firsts = [...new Map(requests.map((r) => [r.device, r])).values()];
    const pageOf = (r: { device: string }) => Math.floor(rank.get(r.device)! / PUSH_PAGE_SIZE);
    const order = firsts.map(pageOf);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order)).toEqual(new Set([0, 1, 2]));
    // The walk's own sends (a retry job may run beside it on the worker's second slot).
    expect(push.state.maxFirstsInFlight).toBeGreaterThan(1);
    expect(push.state.maxFirstsInFlight).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    expect(await em().count(PushSubscription, { endpoint: { $like: `${push.origin}/push/b-%` } })).toBe(
      1200 - gone.length,
    );
  }, 40_000);
});

describe('OpenAPI', () => {
  it('documents the push calls', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    expect(spec.paths['/push/key'].get).toBeDefined();
    expect(Object.keys(spec.paths['/push/subscription'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
  });
});
