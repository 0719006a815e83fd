import { beforeAll, describe, expect, it } from 'vitest';
import {
  FLAG_MESSAGE as M,
  ROLE,
  flagRowSchema,
  flagSavedResponse,
  flagSchema,
  paginatedSchema,
} from '@evolution/shared';
import { ensureAdmin } from '../src/db/seed.ts';
import { AssistanceFlag, FlagResponse, User } from '../src/entities/index.ts';
import type { LiveEvent } from '../src/services/live.ts';
import { newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { useLiveEvents } from './helpers/liveEvents.ts';
import { decodeQuotedPrintable as decode, untilNone, useTestSmtp } from './helpers/smtp.ts';

// Assistance flags: the member's and the coaches' calls, mails through the queue, live notices on commit.

// A real SMTP server in the test: the queue's worker sends through SMTP_URL and the test reads what arrived.
const { url: smtpUrl, deliveries } = await useTestSmtp();
/** Each recipient's copy of each mail, with its subject and decoded text. */
const inboxOf = (): Delivered[] =>
  deliveries.flatMap(({ to, raw }) => {
    const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
    const subject = head.match(/^Subject: (.*)$/m)?.[1] ?? '';
    return to.map((address) => ({ to: address, subject, text: decode(body.join('\n\n')) }));
  });
const ctx = useTestApp({ smtpUrl, appUrl: 'https://evolution.example' });
const em = () => ctx.app.orm.em.fork();

interface Account {
  token: string;
  id: number;
  name: string;
  email: string;
}
let coach: Account;
let member: Account;
let other: Account;

async function register(name: string): Promise<Account> {
  const body = newMember({ name });
  const res = await rest(ctx.app, 'POST', '/api/register', { body });
  return { token: res.body.access_token, id: res.body.user_id, name, email: body.email };
}

async function signInAdmin(email: string, name: string): Promise<Account> {
  await ensureAdmin(em(), ctx.app.config, email, 'coach-pass-1', name);
  const res = await rest(ctx.app, 'POST', '/api/login', { body: { email, password: 'coach-pass-1' } });
  return { token: res.body.access_token, id: res.body.user_id, name, email };
}

interface Delivered {
  to: string;
  subject: string;
  text: string;
}

/** Waits until the worker has sent every queued mail (a sent mail's job row is deleted). */
async function queueDrained(): Promise<void> {
  await untilNone(async () => {
    const [row] = await em().execute<{ n: string }[]>('select count(*) as n from graphile_worker._private_jobs');
    return Number(row?.n);
  }, 'the mail queue');
}

/**
 * Mails delivered by the job queue's worker to a real SMTP server in the test, by `work`, and the live notices
 * PostgreSQL delivered for it (on commit). Waits for `expected` mails, then a moment more for any extra one.
 */
async function effectsOf<T>(
  expected: number,
  work: () => Promise<T>,
): Promise<{ result: T; mails: Delivered[]; events: LiveEvent[] }> {
  await queueDrained();
  const before = inboxOf().length;
  const start = events.length;
  const result = await work();
  for (let i = 0; i < 100 && inboxOf().length - before < expected; i++) await new Promise((r) => setTimeout(r, 50));
  await queueDrained();
  await new Promise((r) => setTimeout(r, 100));
  return { result, mails: inboxOf().slice(before), events: events.slice(start) };
}

const { events } = useLiveEvents(ctx);
const adminEmails = async () =>
  (await em().find(User, { role: ROLE.admin }, { orderBy: { id: 'asc' } })).map((u) => u.email);

beforeAll(async () => {
  coach = await signInAdmin('coach.flags@example.com', 'Coach Carter');
  await signInAdmin('second.coach@example.com', 'Coach Two');
  member = await register('Flag Member');
  other = await register('Other Member');
});

const open = (token: string | undefined, body: unknown) =>
  rest(ctx.app, 'POST', '/api/user/assistance_flag', { token, body });

describe('POST /api/user/assistance_flag', () => {
  it('needs a member: 401 without a token, 403 for an admin', async () => {
    expect(await open(undefined, { subject: 'Hi', message: 'Help' })).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(await open(coach.token, { subject: 'Hi', message: 'Help' })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
  });

  it("refuses a missing or blank subject and message with the spec's messages, storing nothing", async () => {
    const before = await em().count(AssistanceFlag, {});
    const missing = await open(member.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: 'The subject is required (and 1 more error)',
      errors: { subject: ['The subject is required'], message: ['The message is required'] },
    });
    const blank = await open(member.token, { subject: '   ', message: 'Help please' });
    expect(blank.body.errors).toEqual({ subject: ['The subject is required'] });
    const tooLong = await open(member.token, { subject: 'x'.repeat(256), message: 'y' });
    expect(tooLong.body.errors).toEqual({ subject: [M.subjectTooLong] });
    const notText = await open(member.token, { subject: ['a'], message: { m: 1 } });
    expect(notText.status).toBe(422);
    expect(await em().count(AssistanceFlag, {})).toBe(before);
  });

  it('opens a flag (201), mails every coach and tells the member and the admins live', async () => {
    const {
      result: res,
      mails,
      events: live,
    } = await effectsOf(2, () => open(member.token, { subject: '  Knee pain ', message: 'My knee hurts on squats.' }));
    expect(res.status).toBe(201);
    const saved = flagSavedResponse.strict().parse(res.body);
    expect(saved.message).toBe(M.opened);
    expect(saved.data).toMatchObject({
      subject: 'Knee pain',
      from: 'Flag Member',
      message: 'My knee hurts on squats.',
      status: 0,
      responses: [],
      user_id: member.id,
    });
    expect(mails.map((m) => m.to).sort()).toEqual((await adminEmails()).sort());
    expect(mails[0]).toMatchObject({ subject: 'New assistance flag: Knee pain' });
    expect(mails[0]!.text).toContain(`/#/admin/assistance_flag/${saved.data.id}`);
    expect(live).toEqual([{ topic: 'flag', id: saved.data.id, userIds: [member.id], admins: true }]);
  });

  it('opens one flag for a double-clicked submit, mailing once', async () => {
    const body = { subject: 'Double', message: 'Clicked twice' };
    const { result, mails } = await effectsOf(2, () =>
      Promise.all([open(member.token, body), open(member.token, body)]),
    );
    const [a, b] = result;
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await em().count(AssistanceFlag, { user: member.id, subject: 'Double' })).toBe(1);
    expect(mails).toHaveLength((await adminEmails()).length);
    // A different message is a different flag.
    expect((await open(member.token, { ...body, message: 'Another question' })).body.data.id).not.toBe(a.body.data.id);
  });
});

describe('GET /api/user/assistance_flag', () => {
  it("lists only the member's own flags, newest first, 10 a page in Laravel's shape", async () => {
    const pager = await register('Pager Member');
    for (let i = 1; i <= 11; i++) await open(pager.token, { subject: `Question ${i}`, message: `Body ${i}` });
    const res = await rest(ctx.app, 'GET', '/api/user/assistance_flag', { token: pager.token });
    expect(res.status).toBe(200);
    const page = paginatedSchema(flagRowSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11, from: 1, to: 10 });
    expect(page.data[0]).toMatchObject({ subject: 'Question 11', from: 'Pager Member', status: 0, responses_count: 0 });
    const second = await rest(ctx.app, 'GET', '/api/user/assistance_flag?page=2', { token: pager.token });
    expect(second.body.data.map((f: { subject: string }) => f.subject)).toEqual(['Question 1']);
    expect(second.body.links.prev).toContain('/api/user/assistance_flag?page=1');
    const mine = await rest(ctx.app, 'GET', '/api/user/assistance_flag', { token: other.token });
    expect(mine.body.meta.total).toBe(0);
  });

  it('needs a member, and reads a page that is no whole number from 1 as page 1', async () => {
    expect((await rest(ctx.app, 'GET', '/api/user/assistance_flag')).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user/assistance_flag', { token: coach.token })).status).toBe(403);
    const bad = await rest(ctx.app, 'GET', '/api/user/assistance_flag?page=0', { token: member.token });
    expect(bad).toMatchObject({ status: 200, body: { meta: { current_page: 1 } } });
  });
});

describe('a thread: read, reply, close', () => {
  let flagId: number;
  beforeAll(async () => {
    flagId = (await open(member.token, { subject: 'Form check', message: 'Is my deadlift right?' })).body.data.id;
  });

  it("shows the member their own flag and nobody else's (404), nor an unknown id", async () => {
    const res = await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(flagSchema.strict().parse(res.body.data)).toMatchObject({
      id: flagId,
      subject: 'Form check',
      from: 'Flag Member',
      status: 0,
    });
    expect(await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: M.notFound },
    });
    expect((await rest(ctx.app, 'GET', '/api/user/assistance_flag/999999', { token: member.token })).status).toBe(404);
    expect((await rest(ctx.app, 'GET', '/api/user/assistance_flag/abc', { token: member.token })).status).toBe(404);
    expect((await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}`)).status).toBe(401);
    expect((await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}`, { token: coach.token })).status).toBe(
      403,
    );
  });

  it("refuses another member's reply and close with 404, changing nothing", async () => {
    expect(
      (
        await rest(ctx.app, 'POST', `/api/user/assistance_flag/${flagId}/reply`, {
          token: other.token,
          body: { message: 'Me too' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}/done`, { token: other.token })).status,
    ).toBe(404);
    const flag = await em().findOneOrFail(AssistanceFlag, { id: flagId });
    expect(flag.status).toBe(0);
    expect(await em().count(FlagResponse, { flag: flagId })).toBe(0);
  });

  it('checks who may reply and that the flag exists before the message (401, 403, 404)', async () => {
    const reply = (url: string, token?: string) => rest(ctx.app, 'POST', url, { token, body: { message: 'Hello' } });
    expect((await reply(`/api/user/assistance_flag/${flagId}/reply`)).status).toBe(401);
    expect((await reply(`/api/user/assistance_flag/${flagId}/reply`, coach.token)).status).toBe(403);
    expect((await reply('/api/user/assistance_flag/999999/reply', member.token)).status).toBe(404);
    expect(
      (await rest(ctx.app, 'POST', '/api/user/assistance_flag/999999/reply', { token: member.token, body: {} })).status,
    ).toBe(404);
    expect((await reply(`/api/admin/assistance_flag/${flagId}/reply`)).status).toBe(401);
    expect((await reply(`/api/admin/assistance_flag/${flagId}/reply`, member.token)).status).toBe(403);
    expect((await reply('/api/admin/assistance_flag/999999/reply', coach.token)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'admin.flags.list', { page: 1 })).status).toBe(401);
    expect(
      (await trpc(ctx.app, 'mutation', 'admin.flags.reply', { id: flagId, message: 'Hi' }, member.token)).status,
    ).toBe(403);
    expect((await trpc(ctx.app, 'mutation', 'flags.reply', { id: flagId, message: 'Hi' }, other.token)).status).toBe(
      404,
    );
    expect(await em().count(FlagResponse, { flag: flagId })).toBe(0);
  });

  it("refuses an empty reply with the spec's message", async () => {
    const res = await rest(ctx.app, 'POST', `/api/user/assistance_flag/${flagId}/reply`, {
      token: member.token,
      body: { message: '  ' },
    });
    expect(res).toMatchObject({
      status: 422,
      body: { message: 'The message is required', errors: { message: ['The message is required'] } },
    });
    const admin = await rest(ctx.app, 'POST', `/api/admin/assistance_flag/${flagId}/reply`, {
      token: coach.token,
      body: {},
    });
    expect(admin).toMatchObject({ status: 422, body: { errors: { message: ['The message is required'] } } });
  });

  it("takes a coach's reply: from is the coach's name, the member is mailed and told live", async () => {
    const {
      result: res,
      mails,
      events: live,
    } = await effectsOf(1, () =>
      rest(ctx.app, 'POST', `/api/admin/assistance_flag/${flagId}/reply`, {
        token: coach.token,
        body: { message: 'Film it from the side.' },
      }),
    );
    expect(res.status).toBe(200);
    expect(flagSavedResponse.strict().parse(res.body).data.responses).toEqual([
      {
        id: expect.any(Number),
        from: 'Coach Carter',
        by_coach: true,
        message: 'Film it from the side.',
        created_at: expect.any(String),
      },
    ]);
    expect(mails).toEqual([expect.objectContaining({ to: member.email, subject: 'Your coach replied: Form check' })]);
    expect(mails[0]!.text).toContain('Film it from the side.');
    expect(mails[0]!.text).toContain(`/#/with_menu/assistance_flags/${flagId}`);
    expect(live).toEqual([{ topic: 'flag', id: flagId, userIds: [member.id], admins: true }]);
  });

  it("takes the member's reply: from is the member's name, every coach is mailed", async () => {
    const { result: res, mails } = await effectsOf(2, () =>
      rest(ctx.app, 'POST', `/api/user/assistance_flag/${flagId}/reply`, {
        token: member.token,
        body: { message: 'Here is the video.' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.responses.map((r: { from: string; message: string }) => [r.from, r.message])).toEqual([
      ['Coach Carter', 'Film it from the side.'],
      ['Flag Member', 'Here is the video.'],
    ]);
    expect(mails.map((m) => m.to).sort()).toEqual((await adminEmails()).sort());
    expect(mails[0]!.subject).toBe('Reply on assistance flag: Form check');
  });

  it('adds a double-clicked reply once', async () => {
    const send = () =>
      rest(ctx.app, 'POST', `/api/user/assistance_flag/${flagId}/reply`, {
        token: member.token,
        body: { message: 'Any news?' },
      });
    const { result, mails } = await effectsOf(2, () => Promise.all([send(), send()]));
    expect(result.map((r) => r.status)).toEqual([200, 200]);
    expect(await em().count(FlagResponse, { flag: flagId, message: 'Any news?' })).toBe(1);
    expect(mails).toHaveLength((await adminEmails()).length);
  });

  it('lets the admin read any flag, 404 for an unknown one', async () => {
    const res = await rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flagId}`, { token: coach.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: flagId, from: 'Flag Member', responses_count: 3 });
    expect((await rest(ctx.app, 'GET', '/api/admin/assistance_flag/999999', { token: coach.token })).status).toBe(404);
    expect((await rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flagId}`, { token: member.token })).status).toBe(
      403,
    );
    expect((await rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flagId}`)).status).toBe(401);
  });

  it("closes on the coach's done (the member is mailed); closing again is a harmless 200 with no mail", async () => {
    const first = await effectsOf(1, () =>
      rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flagId}/done`, { token: coach.token }),
    );
    expect(first.result).toMatchObject({
      status: 200,
      body: { message: M.closed, data: { status: 1, closed_at: expect.any(String) } },
    });
    expect(first.mails).toEqual([
      expect.objectContaining({ to: member.email, subject: 'Assistance flag closed: Form check' }),
    ]);
    expect(first.events).toEqual([{ topic: 'flag', id: flagId, userIds: [member.id], admins: true }]);
    const again = await effectsOf(0, () =>
      rest(ctx.app, 'GET', `/api/admin/assistance_flag/${flagId}/done`, { token: coach.token }),
    );
    expect(again.result).toMatchObject({ status: 200, body: { message: M.alreadyClosed, data: { status: 1 } } });
    expect(again.mails).toEqual([]);
    expect(again.events).toEqual([]);
    expect(
      (await rest(ctx.app, 'GET', `/api/user/assistance_flag/${flagId}/done`, { token: member.token })).status,
    ).toBe(200);
  });

  it('refuses a reply to a closed flag from either side (422), adding nothing, mailing and announcing nothing', async () => {
    const before = await em().count(FlagResponse, { flag: flagId });
    const {
      result,
      mails,
      events: live,
    } = await effectsOf(0, () =>
      Promise.all([
        rest(ctx.app, 'POST', `/api/user/assistance_flag/${flagId}/reply`, {
          token: member.token,
          body: { message: 'One more thing' },
        }),
        rest(ctx.app, 'POST', `/api/admin/assistance_flag/${flagId}/reply`, {
          token: coach.token,
          body: { message: 'One more thing' },
        }),
      ]),
    );
    for (const res of result)
      expect(res).toMatchObject({
        status: 422,
        body: { message: M.closedNoReply, errors: { message: [M.closedNoReply] } },
      });
    expect(await em().count(FlagResponse, { flag: flagId })).toBe(before);
    expect(mails).toEqual([]);
    expect(live).toEqual([]);
  });

  it('lets the member close their own open flag (no mail to anyone), again harmlessly', async () => {
    const id = (await open(member.token, { subject: 'Sorted', message: 'Never mind' })).body.data.id;
    const {
      result,
      mails,
      events: live,
    } = await effectsOf(0, () => rest(ctx.app, 'GET', `/api/user/assistance_flag/${id}/done`, { token: member.token }));
    expect(result).toMatchObject({ status: 200, body: { message: M.closed, data: { status: 1 } } });
    expect(mails).toEqual([]);
    expect(live).toEqual([{ topic: 'flag', id, userIds: [member.id], admins: true }]);
    expect(await rest(ctx.app, 'GET', `/api/user/assistance_flag/${id}/done`, { token: member.token })).toMatchObject({
      status: 200,
      body: { message: M.alreadyClosed },
    });
    expect((await rest(ctx.app, 'GET', '/api/user/assistance_flag/999999/done', { token: member.token })).status).toBe(
      404,
    );
    expect((await rest(ctx.app, 'GET', `/api/admin/assistance_flag/999999/done`, { token: coach.token })).status).toBe(
      404,
    );
    expect((await rest(ctx.app, 'GET', `/api/admin/assistance_flag/${id}/done`, { token: member.token })).status).toBe(
      403,
    );
    expect((await rest(ctx.app, 'GET', `/api/user/assistance_flag/${id}/done`)).status).toBe(401);
  });
});

describe('GET /api/admin/assistance_flag', () => {
  it('lists open flags first, then closed; status filters; Laravel paging', async () => {
    const res = await rest(ctx.app, 'GET', '/api/admin/assistance_flag', { token: coach.token });
    expect(res.status).toBe(200);
    const page = paginatedSchema(flagRowSchema.strict()).strict().parse(res.body);
    expect(page.meta.per_page).toBe(10);
    const total = await em().count(AssistanceFlag, {});
    expect(page.meta.total).toBe(total);
    const all: { status: number }[] = [];
    for (let n = 1; n <= page.meta.last_page; n++)
      all.push(
        ...(await rest(ctx.app, 'GET', `/api/admin/assistance_flag?page=${n}`, { token: coach.token })).body.data,
      );
    const statuses = all.map((f) => f.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(statuses).toContain(1);
    const closed = await rest(ctx.app, 'GET', '/api/admin/assistance_flag?status=1', { token: coach.token });
    expect(closed.body.meta.total).toBe(await em().count(AssistanceFlag, { status: 1 }));
    expect(closed.body.data.every((f: { status: number }) => f.status === 1)).toBe(true);
    expect(closed.body.links.first).toContain('status=1');
    const openOnes = await rest(ctx.app, 'GET', '/api/admin/assistance_flag?status=0', { token: coach.token });
    expect(openOnes.body.meta.total).toBe(await em().count(AssistanceFlag, { status: 0 }));
  });

  it('keeps its totals exact without counting the table, as flags are opened, closed and go with their member', async () => {
    const totals = async () =>
      Promise.all(
        ['', '?status=0', '?status=1'].map(
          async (q) =>
            (await rest(ctx.app, 'GET', `/api/admin/assistance_flag${q}`, { token: coach.token })).body.meta.total,
        ),
      );
    const actual = async () => [
      await em().count(AssistanceFlag, {}),
      await em().count(AssistanceFlag, { status: 0 }),
      await em().count(AssistanceFlag, { status: 1 }),
    ];
    // Set-based, as an import would: the per-status counts (the triggers on assistance_flags, entities/FlagCount.ts) follow.
    const leaving = await register('Leaving Member');
    await em().execute(
      `insert into assistance_flags (user_id, subject, message, status, created_at, updated_at)
      select ?, 'Bulk ' || g, 'Help', 0, now(), now() from generate_series(1, 120) g`,
      [leaving.id],
    );
    await em().execute(
      `update assistance_flags set status = 1, closed_at = now() where subject in ('Bulk 1', 'Bulk 2', 'Bulk 3')`,
    );
    await em().execute(`update assistance_flags set subject = subject || '.' where user_id = ?`, [leaving.id]);
    expect(await totals()).toEqual(await actual());
    // The member's account goes, and their flags with it (cascade).
    await em().execute('delete from users where id = ?', [leaving.id]);
    expect(await totals()).toEqual(await actual());
  });

  it('refuses a bad status with 422 and needs an admin', async () => {
    const bad = await rest(ctx.app, 'GET', '/api/admin/assistance_flag?status=2', { token: coach.token });
    expect(bad).toMatchObject({ status: 422, body: { errors: { status: [M.statusInvalid] } } });
    expect((await rest(ctx.app, 'GET', '/api/admin/assistance_flag', { token: member.token })).status).toBe(403);
    expect((await rest(ctx.app, 'GET', '/api/admin/assistance_flag')).status).toBe(401);
  });
});

describe('tRPC flags and admin.flags', () => {
  it('runs the same journey with the same rules', async () => {
    const flag = { subject: 'Via tRPC', message: 'Hello' };
    expect((await trpc(ctx.app, 'mutation', 'flags.open', flag)).status).toBe(401);
    expect((await trpc(ctx.app, 'mutation', 'flags.open', flag, coach.token)).status).toBe(403);
    const bad = await trpc(ctx.app, 'mutation', 'flags.open', { subject: '', message: '' }, member.token);
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({
      subject: ['The subject is required'],
      message: ['The message is required'],
    });

    const opened = await trpc(ctx.app, 'mutation', 'flags.open', flag, member.token);
    expect(opened.status).toBe(200);
    const id = opened.data.data.id as number;
    const list = await trpc(ctx.app, 'query', 'flags.list', { page: 1 }, member.token);
    expect(list.data.data[0]).toMatchObject({ id, subject: 'Via tRPC' });
    expect((await trpc(ctx.app, 'query', 'flags.get', { id }, other.token)).status).toBe(404);
    expect((await trpc(ctx.app, 'query', 'flags.get', { id: 'x' }, member.token)).status).toBe(404);

    expect((await trpc(ctx.app, 'query', 'admin.flags.list', { page: 1 }, member.token)).status).toBe(403);
    const adminList = await trpc(ctx.app, 'query', 'admin.flags.list', { page: 1, status: 0 }, coach.token);
    expect(adminList.data.data.some((f: { id: number }) => f.id === id)).toBe(true);
    const replied = await trpc(ctx.app, 'mutation', 'admin.flags.reply', { id, message: 'Hi back' }, coach.token);
    expect(replied.data.data.responses).toEqual([expect.objectContaining({ from: 'Coach Carter', by_coach: true })]);
    const memberReply = await trpc(ctx.app, 'mutation', 'flags.reply', { id, message: 'Thanks' }, member.token);
    expect(memberReply.data.data.responses.at(-1)).toMatchObject({ from: 'Flag Member', by_coach: false });
    expect((await trpc(ctx.app, 'query', 'admin.flags.get', { id }, coach.token)).data.data.responses_count).toBe(2);
    expect((await trpc(ctx.app, 'query', 'admin.flags.get', { id: 999999 }, coach.token)).status).toBe(404);

    expect((await trpc(ctx.app, 'mutation', 'flags.close', { id }, member.token)).data.data.status).toBe(1);
    expect((await trpc(ctx.app, 'mutation', 'admin.flags.close', { id }, coach.token)).data.message).toBe(
      M.alreadyClosed,
    );
    const refused = await trpc(ctx.app, 'mutation', 'admin.flags.reply', { id, message: 'Late' }, coach.token);
    expect(refused.status).toBe(422);
    expect(refused.error.data.errors).toEqual({ message: [M.closedNoReply] });
  });
});

describe('OpenAPI', () => {
  it('documents every flag call', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    expect(spec.paths['/user/assistance_flag']).toHaveProperty('get');
    expect(spec.paths['/user/assistance_flag']).toHaveProperty('post');
    expect(spec.paths['/user/assistance_flag/{id}']).toHaveProperty('get');
    expect(spec.paths['/user/assistance_flag/{id}/reply']).toHaveProperty('post');
    expect(spec.paths['/user/assistance_flag/{id}/done']).toHaveProperty('get');
    expect(spec.paths['/admin/assistance_flag']).toHaveProperty('get');
    expect(spec.paths['/admin/assistance_flag/{id}']).toHaveProperty('get');
    expect(spec.paths['/admin/assistance_flag/{id}/reply']).toHaveProperty('post');
    expect(spec.paths['/admin/assistance_flag/{id}/done']).toHaveProperty('get');
  });
});
