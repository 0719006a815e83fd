import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, SERVER_MESSAGE, SUPERHUMAN_MESSAGE, mealGroupTreeSchema } from '@evolution/shared';
import { Subscription } from '../src/entities/index.ts';
import { newMember, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { trainingMember } from './helpers/training.ts';

// Laravel's conventions a client library relies on: the paginator, the throttle headers, the spec's field names,
// 403s that say why, and ids beyond PostgreSQL's integer that name nothing. Behind a proxy on the private network
// (TRUST_PROXY=uniquelocal), so a forwarded host is believed only from it.
const APP_URL = 'https://app.example';
const ctx = useTestApp({ appUrl: APP_URL, trustProxy: 'uniquelocal' });

let superhuman: { token: string; userId: number };
let warrior: { token: string; userId: number };
let unsubscribed: { token: string; userId: number };
let admin: { token: string; userId: number };

beforeAll(async () => {
  superhuman = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
  warrior = await trainingMember(ctx.app, { channel: CHANNEL.warrior });
  unsubscribed = await trainingMember(ctx.app, { subscribed: false });
  admin = await signedInAdmin(ctx.app);
});

/** A call through app.inject with the headers given (Host among them), its body read as JSON. */
async function call(method: InjectOptions['method'], url: string, headers: Record<string, string>, ip = '10.1.2.3') {
  const res = await ctx.app.inject({ method, url, headers, remoteAddress: ip });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as any };
}

/** PostgreSQL's integer is 4 bytes: the first id beyond it. */
const BEYOND = 2147483648;

describe('pagination as Laravel paginates', () => {
  it('reads a page that is no whole number from 1 as page 1, on REST and tRPC', async () => {
    const first = await rest(ctx.app, 'GET', '/api/admin/vo2max?page=1', { token: admin.token });
    expect(first.status).toBe(200);
    for (const page of ['0', '-1', 'abc', '1.5', '', '2147483648', '%20']) {
      const res = await rest(ctx.app, 'GET', `/api/admin/vo2max?page=${page}`, { token: admin.token });
      expect([page, res.status, res.body.meta.current_page]).toEqual([page, 200, 1]);
      expect(res.body.data).toEqual(first.body.data);
    }
    // A whole number from 1 is that page, even past the last (an empty page, as in Laravel).
    const past = await rest(ctx.app, 'GET', '/api/admin/vo2max?page=2147483647', { token: admin.token });
    expect(past).toMatchObject({ status: 200, body: { data: [], meta: { current_page: 2147483647, from: null } } });
    for (const page of [0, -1, 'abc']) {
      const res = await trpc(ctx.app, 'query', 'admin.vo2max.list', { page }, admin.token);
      expect([page, res.status, res.data?.meta.current_page]).toEqual([page, 200, 1]);
    }
  });

  it("answers meta.links as Laravel's linkCollection does, and meta.path and links on the request's own host", async () => {
    for (let i = 0; i < 11; i++)
      await rest(ctx.app, 'POST', '/api/register', { body: newMember({ name: `Pager ${i}` }) });
    const res = await call('GET', '/api/admin/admin?page=2&search=pager', {
      authorization: `Bearer ${admin.token}`,
      host: 'api.partner.test:8443',
    });
    expect(res.status).toBe(200);
    const { meta, links } = res.body;
    const path = 'http://api.partner.test:8443/api/admin/admin';
    expect(meta.path).toBe(path);
    expect(meta.last_page).toBeGreaterThanOrEqual(2);
    const url = (n: number) => `${path}?search=pager&page=${n}`;
    expect(links).toEqual({
      first: url(1),
      last: url(meta.last_page),
      prev: url(1),
      next: meta.last_page > 2 ? url(3) : null,
    });
    expect(meta.links[0]).toEqual({ url: url(1), label: '&laquo; Previous', active: false });
    expect(meta.links.at(-1)).toEqual({ url: links.next, label: 'Next &raquo;', active: false });
    const pages = meta.links.slice(1, -1);
    expect(pages.filter((l: { active: boolean }) => l.active)).toEqual([{ url: url(2), label: '2', active: true }]);
    for (const l of pages)
      expect(l.label === '...' ? l.url : l.url).toBe(l.label === '...' ? null : url(Number(l.label)));
  });

  it('builds links on the host a trusted proxy forwards, and on APP_URL when the host is no host', async () => {
    const url = '/api/user/assistance_flag';
    const auth = { authorization: `Bearer ${superhuman.token}` };
    const forwarded = {
      ...auth,
      host: 'internal:3000',
      'x-forwarded-host': 'www.example',
      'x-forwarded-proto': 'https',
    };
    // From the proxy (a unique-local address), its forwarded host and scheme; from anyone else, the Host header.
    expect((await call('GET', url, forwarded, '10.0.0.5')).body.meta.path).toBe(`https://www.example${url}`);
    expect((await call('GET', url, forwarded, '203.0.113.9')).body.meta.path).toBe(`http://internal:3000${url}`);
    expect((await call('GET', url, { ...auth, host: 'bad"host/x' })).body.meta.path).toBe(`${APP_URL}${url}`);
  });

  it("names the REST path on the tRPC caller's host too", async () => {
    const input = encodeURIComponent(JSON.stringify({ page: 1 }));
    const res = await call('GET', `/trpc/flags.list?input=${input}`, {
      authorization: `Bearer ${superhuman.token}`,
      host: 'localhost:5173',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.meta).toMatchObject({
      path: 'http://localhost:5173/api/user/assistance_flag',
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: 'http://localhost:5173/api/user/assistance_flag?page=1', label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
    });
  });
});

describe('X-RateLimit headers on throttled calls', () => {
  it('say the limit and the attempts left on each login, and 429 keeps Retry-After', async () => {
    const { points } = ctx.app.config.authRateLimit;
    const member = newMember();
    expect((await rest(ctx.app, 'POST', '/api/register', { body: member })).status).toBeLessThan(300);
    const ip = '10.9.9.9';
    const login = (password: string) =>
      rest(ctx.app, 'POST', '/api/login', { body: { email: member.email, password }, ip });
    const limits = (res: { headers: Record<string, unknown> }) => [
      res.headers['x-ratelimit-limit'],
      res.headers['x-ratelimit-remaining'],
    ];
    const wrong = await login('wrong-password');
    expect(wrong.status).toBe(422);
    expect(limits(wrong)).toEqual([String(points), String(points - 1)]);
    // A right password clears the failures: every attempt is left again.
    const right = await login(member.password);
    expect(right.status).toBe(200);
    expect(limits(right)).toEqual([String(points), String(points)]);
    for (let i = 1; i <= points; i++) expect(limits(await login('wrong-password'))[1]).toBe(String(points - i));
    const refused = await login(member.password);
    expect(refused.status).toBe(429);
    expect(limits(refused)).toEqual([String(points), '0']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('come with a throttled tRPC call too', async () => {
    const { points } = ctx.app.config.authRateLimit;
    const res = await trpc(ctx.app, 'mutation', 'auth.login', { email: 'nobody@example.com', password: 'wrong-one' });
    expect(res.status).toBe(422);
    expect([res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']]).toEqual([
      String(points),
      String(points - 1),
    ]);
    const me = await trpc(ctx.app, 'query', 'auth.me', undefined, superhuman.token);
    expect([me.status, me.headers['x-ratelimit-limit']]).toEqual([200, undefined]);
  });

  it('count registrations and reset requests from an address, and are absent where nothing is throttled', async () => {
    const { points } = ctx.app.config.authRateLimit;
    const ip = '10.8.8.8';
    const reg = await rest(ctx.app, 'POST', '/api/register', { body: newMember(), ip });
    expect([reg.headers['x-ratelimit-limit'], reg.headers['x-ratelimit-remaining']]).toEqual([
      String(points * 2),
      String(points * 2 - 1),
    ]);
    const bad = await rest(ctx.app, 'POST', '/api/register', { body: {}, ip });
    expect([bad.status, bad.headers['x-ratelimit-remaining']]).toEqual([422, String(points * 2 - 2)]);
    const reset = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: 'x@example.com' }, ip });
    expect([reset.headers['x-ratelimit-limit'], reset.headers['x-ratelimit-remaining']]).toEqual([
      String(points),
      String(points - 1),
    ]);
    const me = await rest(ctx.app, 'GET', '/api/user', { token: superhuman.token });
    expect(me.status).toBe(200);
    expect(me.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('meal groups', () => {
  it("carry the spec's parent beside parent_id, for members and admins, on REST and tRPC", async () => {
    const answers = [
      (await rest(ctx.app, 'GET', '/api/user/meal/group', { token: superhuman.token })).body,
      (await rest(ctx.app, 'GET', '/api/admin/meal/group', { token: admin.token })).body,
      (await trpc(ctx.app, 'query', 'superhuman.mealGroups', undefined, superhuman.token)).data,
    ];
    for (const answer of answers) {
      const tree = mealGroupTreeSchema.parse(answer);
      const pairs: [number, number, number][] = [];
      const walk = (nodes: typeof tree.data) =>
        nodes.forEach((g) => {
          pairs.push([g.id, g.parent, g.parent_id]);
          walk(g.children);
        });
      walk(tree.data);
      expect(pairs).toContainEqual([1, 0, 0]);
      expect(pairs).toContainEqual([6, 2, 2]);
      expect(pairs).toContainEqual([11, 3, 3]);
      for (const [, parent, parentId] of pairs) expect(parent).toBe(parentId);
    }
  });
});

describe('403 messages', () => {
  /** A GET's status and message. */
  const refusal = async (url: string, token: string) => {
    const res = await rest(ctx.app, 'GET', url, { token });
    return [res.status, res.body.message];
  };

  it("say Laravel's 'This action is unauthorized.' for a caller of another role", async () => {
    expect(await refusal('/api/admin/admin', superhuman.token)).toEqual([403, SERVER_MESSAGE.unauthorized]);
    expect(await refusal('/api/user/meal/group', admin.token)).toEqual([403, SERVER_MESSAGE.unauthorized]);
  });

  it('say a subscription is needed without one, also once it has lapsed', async () => {
    expect(await refusal('/api/user/meal/group', unsubscribed.token)).toEqual([
      403,
      SERVER_MESSAGE.subscriptionRequired,
    ]);
    expect(await refusal('/api/user/channel/warrior/general/version', unsubscribed.token)).toEqual([
      403,
      SERVER_MESSAGE.subscriptionRequired,
    ]);
    const lapsed = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(Subscription, { user: lapsed.userId }, { currentPeriodEnd: new Date(Date.now() - 60_000) });
    expect(await refusal('/api/user/meal/group', lapsed.token)).toEqual([403, SERVER_MESSAGE.subscriptionRequired]);
    const viaTrpc = await trpc(ctx.app, 'query', 'superhuman.mealGroups', undefined, unsubscribed.token);
    expect([viaTrpc.status, viaTrpc.error?.message]).toEqual([403, SERVER_MESSAGE.subscriptionRequired]);
  });

  it('say the plan does not include a channel it does not include', async () => {
    expect(await refusal('/api/user/meal/group', warrior.token)).toEqual([403, SERVER_MESSAGE.notInPlan]);
  });

  it('say a feature is switched off when an admin switched it off', async () => {
    const member = await trainingMember(ctx.app, { channel: CHANNEL.superhuman });
    const off = await rest(ctx.app, 'PATCH', `/api/admin/admin/${member.userId}/access`, {
      token: admin.token,
      body: { superhuman_channel: false, warrior_channel: false, evolution_page: false },
    });
    expect(off.status).toBe(200);
    expect(await refusal('/api/user/meal/group', member.token)).toEqual([403, SERVER_MESSAGE.switchedOff]);
    expect(await refusal('/api/user/channel/warrior/general/version', member.token)).toEqual([
      403,
      SERVER_MESSAGE.switchedOff,
    ]);
    expect(await refusal('/api/user/evolution/chamber/1', member.token)).toEqual([403, SERVER_MESSAGE.switchedOff]);
    // The macro screen keeps its own words.
    expect(await refusal('/api/user/evolution/macro_data', member.token)).toEqual([
      403,
      SUPERHUMAN_MESSAGE.notEligible,
    ]);
  });
});

describe('ids beyond the integer range', () => {
  it("are the route's 404, never a 500: GET user/meal/group/2147483648/meals", async () => {
    expect(
      await rest(ctx.app, 'GET', `/api/user/meal/group/${BEYOND}/meals`, { token: superhuman.token }),
    ).toMatchObject({ status: 404, body: { message: SUPERHUMAN_MESSAGE.groupNotFound } });
    const viaTrpc = await trpc(ctx.app, 'query', 'superhuman.meals', { groupId: BEYOND, page: 1 }, superhuman.token);
    expect(viaTrpc.status).toBeLessThan(500);
  });

  it('are never a 500 on any route with a path parameter, for a member or an admin, nor a page beyond', async () => {
    const doc = (await rest(ctx.app, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const failures: string[] = [];
    let calls = 0;
    let pagedCalls = 0;
    const who = [
      ['member', superhuman.token],
      ['admin', admin.token],
    ] as const;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const paged =
          method === 'get' && (operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'page');
        if (!path.includes('{') && !paged) continue;
        const url = `/api${path.replace(/\{[^}]+\}/g, String(BEYOND))}${paged ? '?page=2147483647' : ''}`;
        for (const [name, token] of who) {
          const body = method === 'get' || method === 'delete' ? {} : { body: {} };
          const res = await rest(ctx.app, method.toUpperCase() as 'GET', url, { token, ...body });
          calls += 1;
          if (paged) pagedCalls += 1;
          if (res.status >= 500) failures.push(`${name} ${method.toUpperCase()} ${url}: ${res.status}`);
          else if (name === 'admin' && path.startsWith('/admin/') && path.includes('{') && method === 'get')
            if (res.status !== 404) failures.push(`${name} ${method.toUpperCase()} ${url}: ${res.status}, not 404`);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(pagedCalls).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('in a body are a 422 that names the field, not a 500', async () => {
    const post = (url: string, body: Record<string, unknown>, token = admin.token) =>
      rest(ctx.app, 'POST', url, { token, body });
    const fieldError = (res: Awaited<ReturnType<typeof post>>) => [res.status, Object.keys(res.body.errors ?? {})];
    const message = { subject: 'Hello', message: 'Body' };
    expect(fieldError(await post('/api/admin/message', { ...message, recipient_id: BEYOND }))).toEqual([
      422,
      ['recipient_id'],
    ]);
    expect(fieldError(await post('/api/admin/message', { ...message, channel_id: BEYOND }))).toEqual([
      422,
      ['channel_id'],
    ]);
    const page = await post('/api/admin/page', { title: 'T', content: 'C', page_category_id: BEYOND });
    expect(page).toMatchObject({
      status: 422,
      body: { errors: { page_category_id: ['Choose a page category from the list.'] } },
    });
    const meal = await post('/api/admin/meal', { name: 'N', description: 'D', meal_group_id: BEYOND });
    expect(meal).toMatchObject({
      status: 422,
      body: { errors: { meal_group_id: ['Choose a meal group from the list.'] } },
    });
    const group = await post('/api/admin/form_group', { name: 'N', exercise_type_id: BEYOND });
    expect(group).toMatchObject({
      status: 422,
      body: { errors: { exercise_type_id: ['Choose an exercise type from the list.'] } },
    });
    const form = await post('/api/admin/form', {
      name: 'N',
      muscle_group_id: 1,
      level: 1,
      progress: 1,
      min: 1,
      max: 2,
      reps_or_time: 1,
      form_group_id: BEYOND,
    });
    expect(form).toMatchObject({
      status: 422,
      body: { errors: { form_group_id: ['Choose a form group from the list.'] } },
    });
    const subscribe = await post(
      '/api/user/subscription',
      { channel_id: BEYOND, plan_id: BEYOND, nonce: 'pm_card_visa' },
      unsubscribed.token,
    );
    expect(subscribe.status).toBe(422);
  });
});
