import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL,
  MESSAGE_RECIPIENTS_SHOWN,
  MESSAGE_TEXT as T,
  ROLE,
  adminMessageRowSchema,
  type AdminMessageRow,
  adminMessageSchema,
  inboxRowSchema,
  memberMessageSchema,
  paginatedSchema,
} from '@evolution/shared';
import { ensureAdmin } from '../src/db/seed.ts';
import { Channel, Message, MessageRecipient, Plan, Subscription, User } from '../src/entities/index.ts';
import type { LiveEvent } from '../src/services/live.ts';
import { expectFieldErrors, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { useLiveEvents } from './helpers/liveEvents.ts';
import { mailsTo, useTestSmtp, waitForMails } from './helpers/smtp.ts';
import { trainingMember } from './helpers/training.ts';

// Coaches' messages: the admin's and the member's calls, the channel audience, read marking, the unread
// count, mail through the queue to a real SMTP server, and live notices on commit; a broadcast to 1,200 members
// delivered by the job queue in pages.

/** An address the SMTP server refuses once (451, try later): its mail job must retry it alone. */
const REFUSED_ONCE = 'bulk-424@example.com';
let refused = 0;
const {
  url: smtpUrl,
  inbox,
  deliveries,
} = await useTestSmtp({
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED_ONCE && refused++ === 0)
      return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    callback();
  },
});
// Delivery pages of 600, so a broadcast of 900 members shows paging, a retried page and progress in a few seconds.
const ctx = useTestApp({
  smtpUrl,
  appUrl: 'https://evolution.example',
  jobPollIntervalMs: 200,
  messageDeliveryPage: 600,
});
const em = () => ctx.app.orm.em.fork();

interface Account {
  token: string;
  id: number;
  email: string;
}

/** A member on a channel; `state` lapsed (period over) or canceled keeps the row but not the access. */
async function memberOn(channel: number | null, state: 'active' | 'lapsed' | 'canceled' = 'active'): Promise<Account> {
  const { token, userId } = await trainingMember(ctx.app, {
    channel: channel ?? CHANNEL.warrior,
    subscribed: channel !== null,
  });
  const fork = em();
  if (state !== 'active') {
    const sub = await fork.findOneOrFail(Subscription, { user: userId });
    if (state === 'lapsed') sub.currentPeriodEnd = new Date(Date.now() - 86_400_000);
    else sub.status = 'canceled';
    await fork.flush();
  }
  const user = await fork.findOneOrFail(User, { id: userId });
  return { token, id: userId, email: user.email };
}

async function adminAccount(email: string): Promise<Account> {
  const { user } = await ensureAdmin(em(), ctx.app.config, email, 'coach-pass-1', 'Coach Kay');
  const res = await rest(ctx.app, 'POST', '/api/login', { body: { email, password: 'coach-pass-1' } });
  return { token: res.body.access_token, id: user.id, email };
}

let coach: Account;
let warriorA: Account;
let warriorB: Account;
let lapsed: Account;
let canceled: Account;
let superhuman: Account;
let unsubscribed: Account;
let subscribedAdmin: Account;

const { events, onNextNotice } = useLiveEvents(ctx);

beforeAll(async () => {
  coach = await adminAccount('coach.messages@example.com');
  warriorA = await memberOn(CHANNEL.warrior);
  warriorB = await memberOn(CHANNEL.warrior);
  lapsed = await memberOn(CHANNEL.warrior, 'lapsed');
  canceled = await memberOn(CHANNEL.warrior, 'canceled');
  superhuman = await memberOn(CHANNEL.superhuman);
  unsubscribed = await memberOn(null);
  // An admin holding a warrior subscription is still no member of the audience.
  subscribedAdmin = await adminAccount('subscribed.admin@example.com');
  const fork = em();
  fork.create(Subscription, {
    user: fork.getReference(User, subscribedAdmin.id),
    channel: fork.getReference(Channel, CHANNEL.warrior),
    plan: fork.getReference(Plan, 1),
    status: 'active',
    amountPence: 2999,
    provider: 'offline',
    startDate: new Date(),
    currentPeriodEnd: new Date(Date.now() + 86_400_000),
  });
  await fork.flush();
});

const send = (body: unknown, token: string | undefined = coach.token) =>
  rest(ctx.app, 'POST', '/api/admin/message', { token, body });
const get = (url: string, token: string | undefined) => rest(ctx.app, 'GET', url, { token });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until each address has a mail since `since` (the queue's worker sends them after the commit). */
const awaitMails = (emails: string[], since: number) =>
  Promise.all(emails.map((email) => waitForMails(inbox, email, { since })));

/** The live notices heard while `work` ran (a notification travels on another connection: give it a moment). */
async function heard<R>(work: () => Promise<R>): Promise<{ result: R; heard: LiveEvent[] }> {
  const start = events.length;
  const result = await work();
  await pause(200);
  return { result, heard: events.slice(start) };
}

/** Polls the admin's view of a message until its delivery is complete; answers every row seen on the way. */
async function awaitDelivery(id: number, timeoutMs = 20_000): Promise<AdminMessageRow[]> {
  const seen: AdminMessageRow[] = [];
  for (const start = Date.now(); Date.now() - start < timeoutMs; await pause(100)) {
    const row = adminMessageRowSchema.parse((await get(`/api/admin/message/${id}`, coach.token)).body.data);
    seen.push(row);
    if (row.delivered_at !== null) return seen;
  }
  throw new Error(`message ${id} not delivered in ${timeoutMs} ms`);
}

/** Waits until the job queue has nothing left to run (mail retries included). */
async function awaitQueueEmpty(timeoutMs = 60_000): Promise<void> {
  for (const start = Date.now(); Date.now() - start < timeoutMs; await pause(100)) {
    const [row] = await em().execute<{ n: number }[]>('select count(*)::int as n from graphile_worker.jobs');
    if (row!.n === 0) return;
  }
  throw new Error('the job queue did not drain');
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  subject: 'Week 3 check-in',
  message: 'Keep the tempo slow on the negatives.',
  ...overrides,
});

describe('role checks', () => {
  it.each([
    ['GET', '/api/admin/message'],
    ['POST', '/api/admin/message'],
    ['GET', '/api/admin/message/1'],
  ] as const)('%s %s is 401 anonymous and 403 for a member', async (method, url) => {
    expect(
      await rest(ctx.app, method, url, { body: method === 'POST' ? valid({ recipient_id: warriorA.id }) : undefined }),
    ).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(
      await rest(ctx.app, method, url, {
        token: warriorA.token,
        body: method === 'POST' ? valid({ recipient_id: warriorA.id }) : undefined,
      }),
    ).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
    expect(await em().count(Message, {})).toBe(0);
  });

  it.each(['/api/user/message', '/api/user/message/unread_count', '/api/user/message/1'])(
    'GET %s is 401 anonymous and 403 for an admin',
    async (url) => {
      expect(await get(url, undefined)).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
      expect(await get(url, coach.token)).toMatchObject({
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
    },
  );

  it('holds through tRPC', async () => {
    expect((await trpc(ctx.app, 'query', 'admin.messages.list', { page: 1 })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.messages.list', { page: 1 }, warriorA.token)).status).toBe(403);
    expect(
      (await trpc(ctx.app, 'mutation', 'admin.messages.send', valid({ recipient_id: warriorA.id }), warriorA.token))
        .status,
    ).toBe(403);
    expect((await trpc(ctx.app, 'query', 'admin.messages.get', { id: 1 }, warriorA.token)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'messages.list', { page: 1 })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'messages.unreadCount', undefined, coach.token)).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'messages.get', { id: 1 }, coach.token)).status).toBe(403);
  });
});

describe('POST /api/admin/message refusals', () => {
  const cases: [string, unknown, Record<string, string[]>][] = [
    [
      'an empty form',
      {},
      { subject: [T.subjectRequired], message: [T.messageRequired], recipient_id: [T.recipientRequired] },
    ],
    [
      'blank fields',
      { subject: '   ', message: '\n', recipient_id: '', channel_id: null },
      { subject: [T.subjectRequired], message: [T.messageRequired], recipient_id: [T.recipientRequired] },
    ],
    [
      'a member and a channel',
      valid({ recipient_id: 5, channel_id: CHANNEL.warrior }),
      { recipient_id: [T.recipientOrChannel] },
    ],
    ['a recipient that is no id', valid({ recipient_id: 'jane' }), { recipient_id: [T.recipientInvalid] }],
    ['a channel that is no id', valid({ channel_id: 1.5 }), { channel_id: [T.channelInvalid] }],
    ['an unknown recipient', valid({ recipient_id: 999_999 }), { recipient_id: [T.recipientNotMember] }],
    ['an unknown channel', valid({ channel_id: 999 }), { channel_id: [T.channelUnknown] }],
    ['a channel nobody is active in', valid({ channel_id: CHANNEL.immortal }), { channel_id: [T.channelEmpty] }],
    [
      'a subject over 255 characters',
      valid({ recipient_id: 1, subject: 'x'.repeat(256) }),
      { subject: [T.subjectTooLong] },
    ],
    [
      'a message over 10000 characters',
      valid({ recipient_id: 1, message: 'x'.repeat(10_001) }),
      { message: [T.messageTooLong] },
    ],
    [
      'a null character',
      valid({ recipient_id: 1, subject: 'a\u0000b' }),
      { subject: ['The subject may not contain a null character.'] },
    ],
  ];
  it.each(cases)('refuses %s with 422, sending nothing', async (_what, body, errors) => {
    const since = inbox.length;
    const { result, heard: notices } = await heard(() => send(body));
    expectFieldErrors(result, errors);
    expect(await em().count(Message, {})).toBe(0);
    expect(notices).toEqual([]);
    expect(inbox.length).toBe(since);
  });

  it('refuses an admin as the recipient', async () => {
    expect((await send(valid({ recipient_id: subscribedAdmin.id }))).body.errors).toEqual({
      recipient_id: [T.recipientNotMember],
    });
  });

  it('answers 422 in tRPC with the same errors', async () => {
    const res = await trpc(ctx.app, 'mutation', 'admin.messages.send', {}, coach.token);
    expect(res.status).toBe(422);
    expect(res.error.data.errors).toEqual({
      subject: [T.subjectRequired],
      message: [T.messageRequired],
      recipient_id: [T.recipientRequired],
    });
  });
});

let directId: number;

describe('a message to one member', () => {
  it('reaches that member only: inbox, unread count, a mail through the queue and a live notice after the commit', async () => {
    const since = inbox.length;
    const committed: boolean[] = [];
    const onNotice = () =>
      void em()
        .count(Message, {})
        .then((n) => committed.push(n === 1));
    onNextNotice(onNotice);
    const { result: res, heard: notices } = await heard(() => send(valid({ recipient_id: String(warriorA.id) })));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(T.sent);
    const row = adminMessageRowSchema.strict().parse(res.body.data);
    expect(row).toMatchObject({
      subject: 'Week 3 check-in',
      from: 'Coach Kay',
      recipient_id: warriorA.id,
      channel_id: null,
      recipients_count: 1,
      read_count: 0,
    });
    expect(row.recipient).toContain(warriorA.email);
    directId = row.id;
    // NOTIFY inside the transaction: heard once, and by then the message was readable from another connection.
    expect(notices).toEqual([{ topic: 'message', id: directId, userIds: [warriorA.id], admins: false }]);
    await pause(100);
    expect(committed).toEqual([true]);

    const list = await get('/api/user/message', warriorA.token);
    expect(list.status).toBe(200);
    const page = paginatedSchema(inboxRowSchema.strict()).strict().parse(list.body);
    expect(page.data).toEqual([
      expect.objectContaining({
        id: directId,
        subject: 'Week 3 check-in',
        from: 'Coach Kay',
        read_at: null,
        preview: 'Keep the tempo slow on the negatives.',
      }),
    ]);
    expect((await get('/api/user/message/unread_count', warriorA.token)).body).toEqual({ data: { unread_count: 1 } });
    expect((await get('/api/user/message/unread_count', warriorB.token)).body).toEqual({ data: { unread_count: 0 } });
    expect((await get('/api/user/message', warriorB.token)).body.meta.total).toBe(0);

    await awaitMails([warriorA.email], since);
    const [mail] = mailsTo(inbox, warriorA.email, { since });
    expect(mail).toMatch(/Subject: Message from your coach: Week 3 check-in/);
    expect(mail).toContain('Keep the tempo slow on the negatives.');
    expect(mail).toContain(`https://evolution.example/#/with_menu/messages/${directId}`);
    await pause(300);
    expect(inbox.length - since).toBe(1);
  });

  it("is another member's 404, as is an unknown or malformed id", async () => {
    for (const token of [warriorB.token, superhuman.token]) {
      expect(await get(`/api/user/message/${directId}`, token)).toMatchObject({
        status: 404,
        body: { message: T.notFound },
      });
      expect((await trpc(ctx.app, 'query', 'messages.get', { id: directId }, token)).status).toBe(404);
    }
    for (const id of ['999999', 'abc', '0'])
      expect(await get(`/api/user/message/${id}`, warriorA.token)).toMatchObject({
        status: 404,
        body: { message: T.notFound },
      });
    for (const id of ['999999', 'abc', '-1'])
      expect(await get(`/api/admin/message/${id}`, coach.token)).toMatchObject({
        status: 404,
        body: { message: T.notFound },
      });
    expect((await trpc(ctx.app, 'query', 'admin.messages.get', { id: 999_999 }, coach.token)).status).toBe(404);
    // Looking did not read it.
    expect((await em().findOneOrFail(MessageRecipient, { message: directId })).readAt).toBeNull();
  });

  it('is marked read by its member opening it, once: the count drops, the admin sees when, admins hear of it', async () => {
    const { result: opened, heard: notices } = await heard(() => get(`/api/user/message/${directId}`, warriorA.token));
    expect(opened.status).toBe(200);
    const message = memberMessageSchema.strict().parse(opened.body.data);
    expect(message).toMatchObject({
      id: directId,
      subject: 'Week 3 check-in',
      message: 'Keep the tempo slow on the negatives.',
      from: 'Coach Kay',
    });
    expect(message.read_at).not.toBeNull();
    expect(notices).toEqual([{ topic: 'message', id: directId, userIds: [warriorA.id], admins: true }]);
    expect((await get('/api/user/message/unread_count', warriorA.token)).body.data.unread_count).toBe(0);
    expect((await get('/api/user/message', warriorA.token)).body.data[0].read_at).toBe(message.read_at);

    // Opening again keeps the first reading and tells nobody.
    const again = await heard(() => trpc(ctx.app, 'query', 'messages.get', { id: directId }, warriorA.token));
    expect(again.result.data.read_at).toBe(message.read_at);
    expect(again.heard).toEqual([]);

    const detail = await get(`/api/admin/message/${directId}`, coach.token);
    expect(detail.status).toBe(200);
    const data = adminMessageSchema.strict().parse(detail.body.data);
    expect(data).toMatchObject({
      read_count: 1,
      recipients_count: 1,
      message: 'Keep the tempo slow on the negatives.',
    });
    expect(data.recipients).toEqual([
      { user_id: warriorA.id, name: expect.any(String), email: warriorA.email, read_at: message.read_at },
    ]);
  });

  it("keeps the message's counts (stored on it) in step with its receipts, however they change", async () => {
    const em = ctx.app.orm.em.fork();
    const counts = async () => {
      const { recipients_count, read_count } = (await get(`/api/admin/message/${directId}`, coach.token)).body.data;
      const [actual] = await em.execute<{ n: string; r: string }[]>(
        'select count(*) as n, count(read_at) as r from message_recipients where message_id = ?',
        [directId],
      );
      return { stored: [recipients_count, read_count], actual: [Number(actual!.n), Number(actual!.r)] };
    };
    // Marked unread and read again by hand, and a receipt that goes with its member: the stored counts follow each.
    await em.execute('update message_recipients set read_at = null where message_id = ?', [directId]);
    let c = await counts();
    expect(c.stored).toEqual(c.actual);
    await em.execute('update message_recipients set read_at = now() where message_id = ?', [directId]);
    c = await counts();
    expect(c.stored).toEqual([1, 1]);
    await em.execute('delete from message_recipients where message_id = ?', [directId]);
    c = await counts();
    expect(c.stored).toEqual([0, 0]);
    expect(c.stored).toEqual(c.actual);
  });
});

describe('a message to a channel', () => {
  it("reaches exactly the channel's members with an active subscription: one row, one mail and one notice each, once delivered", async () => {
    const since = inbox.length;
    const { result: res, heard: notices } = await heard(async () => {
      const sent = await trpc(
        ctx.app,
        'mutation',
        'admin.messages.send',
        valid({ subject: 'Warrior news', channel_id: CHANNEL.warrior }),
        coach.token,
      );
      // Answered with the message stored and its delivery queued: the job queue writes the recipients next.
      expect(adminMessageRowSchema.strict().parse(sent.data.data)).toMatchObject({
        recipients_count: 0,
        expected_count: 2,
        delivered_count: 0,
        delivered_at: null,
      });
      await awaitDelivery(sent.data.data.id);
      return sent;
    });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(T.sent);
    const id: number = res.data.data.id;
    const row = adminMessageSchema.strict().parse((await get(`/api/admin/message/${id}`, coach.token)).body.data);
    expect(row).toMatchObject({
      channel_id: CHANNEL.warrior,
      recipient_id: null,
      recipient: 'Warrior channel',
      recipients_count: 2,
      read_count: 0,
      expected_count: 2,
      delivered_count: 2,
    });

    const rows = await em().find(MessageRecipient, { message: id }, { orderBy: { user: { id: 'asc' } } });
    expect(rows.map((r) => r.user.id)).toEqual([warriorA.id, warriorB.id]);
    expect(notices).toEqual([{ topic: 'message', id, userIds: [warriorA.id, warriorB.id], admins: false }]);

    await awaitMails([warriorA.email, warriorB.email], since);
    await pause(300);
    for (const left of [lapsed, canceled, superhuman, unsubscribed, subscribedAdmin]) {
      expect(mailsTo(inbox, left.email, { since })).toEqual([]);
      expect(await em().count(MessageRecipient, { message: id, user: left.id })).toBe(0);
    }
    expect(mailsTo(inbox, warriorA.email, { since })).toHaveLength(1);
    expect(inbox.length - since).toBe(2);
    expect((await get('/api/user/message/unread_count', warriorB.token)).body.data.unread_count).toBe(1);
    expect((await get('/api/user/message', lapsed.token)).body.meta.total).toBe(0);
  });
});

describe('a double-clicked send', () => {
  it('sends once: the same idempotency key answers the first message, even when both arrive together', async () => {
    const body = valid({ subject: 'Only once', recipient_id: warriorB.id, idempotency_key: 'send-7f1c' });
    const before = await em().count(Message, {});
    const since = inbox.length;
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const again = await trpc(ctx.app, 'mutation', 'admin.messages.send', body, coach.token);
    expect(again.data.data.id).toBe(a.body.data.id);
    expect(await em().count(Message, {})).toBe(before + 1);
    await awaitMails([warriorB.email], since);
    await pause(300);
    expect(mailsTo(inbox, warriorB.email, { since })).toHaveLength(1);
    // Another key is another message.
    expect((await send({ ...body, idempotency_key: 'send-8a2d' })).status).toBe(201);
  });
});

describe('a message in Markdown', () => {
  it('is mailed as HTML with a plain-text part, raw HTML escaped and unsafe links dropped; the inbox previews plain words', async () => {
    const reader = await memberOn(null);
    const since = inbox.length;
    const body = [
      '**Rest well** this week,',
      'then back to it.',
      '',
      '- Sleep eight hours',
      '- Read the [stretch guide](https://example.com/stretch)',
      '',
      '<script>alert(1)</script>',
      '',
      '[Not a link](javascript:alert(2)) and ![a picture](https://example.com/p.png)',
    ].join('\n');
    const res = await send(valid({ subject: 'Deload', recipient_id: reader.id, message: body }));
    expect(res.status).toBe(201);

    const list = await get('/api/user/message', reader.token);
    expect(list.body.data[0].preview).toBe(
      'Rest well this week, then back to it. Sleep eight hours Read the stretch guide <script>alert(1)</script> Not a link and',
    );
    // The member's own call answers the message as written: the screens render it.
    expect((await get(`/api/user/message/${res.body.data.id}`, reader.token)).body.data.message).toBe(body);

    await awaitMails([reader.email], since);
    const [mail] = mailsTo(inbox, reader.email, { since });
    expect(mail).toMatch(/Content-Type: multipart\/alternative/i);
    const [, text] = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(mail!)!;
    const [, html] = /Content-Type: text\/html[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(mail!)!;
    // The plain-text part keeps the Markdown as written.
    expect(text).toContain('**Rest well** this week,');
    expect(text).toContain('- Sleep eight hours');
    expect(text).toMatch(/Read it in your inbox: https:\/\/evolution\.example\/#\/with_menu\/messages\/\d+/);
    // The HTML part renders it: bold, the line break kept, a list, a safe link that opens apart.
    expect(html).toContain('<strong>Rest well</strong> this week,<br>');
    expect(html).toMatch(/<ul style="[^"]+">\s*<li style="[^"]+">Sleep eight hours<\/li>/);
    expect(html).toContain(
      '<a href="https://example.com/stretch" target="_blank" rel="noopener noreferrer nofollow" style="color:#b93d0b;text-decoration:underline">stretch guide</a>',
    );
    // Raw HTML is text, never markup; a javascript: link keeps its words only; a picture is left out.
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
    expect(html).toContain('Not a link and');
    expect(html).not.toMatch(/javascript:|<img|p\.png/);
    expect(html).toMatch(/Hello [^<]+,/);
    expect(html).toMatch(/<a href="https:\/\/evolution\.example\/#\/with_menu\/messages\/\d+"/);
  });
});

describe('lists', () => {
  it('pages the inbox and the sent list 10 at a time, newest first', async () => {
    for (let i = 1; i <= 11; i++)
      expect((await send(valid({ subject: `Tip ${i}`, recipient_id: superhuman.id }))).status).toBe(201);
    const first = await get('/api/user/message', superhuman.token);
    expect(first.body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11, from: 1, to: 10 });
    expect(first.body.data[0].subject).toBe('Tip 11');
    // On the request's own host (inject's Host: localhost:80), not APP_URL's.
    expect(first.body.links.next).toBe('http://localhost:80/api/user/message?page=2');
    const second = await trpc(ctx.app, 'query', 'messages.list', { page: 2 }, superhuman.token);
    expect(second.data.data.map((m: { subject: string }) => m.subject)).toEqual(['Tip 1']);
    expect((await trpc(ctx.app, 'query', 'messages.unreadCount', undefined, superhuman.token)).data).toEqual({
      unread_count: 11,
    });

    const sent = await get('/api/admin/message', coach.token);
    expect(sent.status).toBe(200);
    const page = paginatedSchema(adminMessageRowSchema.strict()).strict().parse(sent.body);
    expect(page.data[0]!.subject).toBe('Tip 11');
    expect(page.meta.total).toBe(await em().count(Message, {}));
    const last = await trpc(ctx.app, 'query', 'admin.messages.list', { page: page.meta.last_page }, coach.token);
    expect(last.data.data.at(-1).subject).toBe('Week 3 check-in');
    // As Laravel's paginator: a page that is no whole number from 1 is page 1.
    expect((await get('/api/admin/message?page=0', coach.token)).body.meta.current_page).toBe(1);
    expect((await get('/api/user/message?page=x', superhuman.token)).body.meta.current_page).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents every message call', async () => {
    const spec = (await rest(ctx.app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(spec.paths['/admin/message'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(spec.paths['/admin/message/{id}'].get).toBeDefined();
    expect(spec.paths['/user/message'].get).toBeDefined();
    expect(spec.paths['/user/message/{id}'].get).toBeDefined();
    expect(spec.paths['/user/message/unread_count'].get).toBeDefined();
  });
});

describe('a broadcast to 1,200 members, in pages of 600', () => {
  const ACTIVE = 900;

  beforeAll(async () => {
    // 1,200 Superhuman members, set-based: three in four active; of the others a third each lapsed (active but paid
    // only until an hour ago), canceled and past due. A member's number is in their address.
    await em().execute(
      `with added as (
         insert into users (email, name, password, role, created_at, updated_at)
         select 'bulk-' || i || '@example.com', 'Bulk Member ' || i, 'not-a-password', ?, now(), now() from generate_series(1, 1200) i
         returning id, email
       ), subscribed as (
         insert into subscriptions (user_id, channel_id, plan_id, amount_pence, status, provider, start_date, current_period_end, created_at, updated_at)
         select id, ?, 1, 2999,
           case n % 12 when 5 then 'canceled' when 9 then 'past_due' else 'active' end, 'offline', now() - interval '1 day',
           case n % 12 when 1 then now() - interval '1 hour' else now() + interval '30 days' end, now() - interval '1 day', now()
         from (select id, split_part(split_part(email, '@', 1), '-', 2)::int as n from added) numbered
       )
       select count(*) from added`,
      [ROLE.member, CHANNEL.superhuman],
    );
  });

  it(
    'answers at once, delivers in pages with progress, and one page failing and retried doubles no receipt and no mail',
    { timeout: 120_000 },
    async () => {
      // The second page's INSERT fails once (a sequence counts statements outside any transaction), as a database
      // hiccup would: the queue retries that page alone.
      // What earlier tests queued (their mails, pushes) has gone first, so the queue holds this send's jobs only.
      await awaitQueueEmpty();
      const fork = em();
      await fork.execute('create sequence recipient_inserts');
      await fork.execute(`create function fail_second_page() returns trigger language plpgsql as $$
      begin if nextval('recipient_inserts') = 2 then raise exception 'injected failure'; end if; return null; end $$`);
      await fork.execute(
        'create trigger fail_second_page after insert on message_recipients for each statement execute function fail_second_page()',
      );
      const eventsBefore = events.length;
      const since = deliveries.length;
      try {
        const started = performance.now();
        const res = await send(valid({ subject: 'Superhuman summit', channel_id: CHANNEL.superhuman }));
        const answeredMs = performance.now() - started;
        expect(res.status).toBe(201);
        expect(answeredMs).toBeLessThan(2_000);
        const id: number = res.body.data.id;
        // The superhuman account from the lists above is active in the channel too.
        expect(res.body.data).toMatchObject({
          expected_count: ACTIVE + 1,
          delivered_count: 0,
          delivered_at: null,
          recipients_count: 0,
        });
        expect(await em().execute('select task_identifier from graphile_worker.jobs')).toEqual([
          { task_identifier: 'message_delivery' },
        ]);

        const seen = await awaitDelivery(id, 60_000);
        // The first page was visible alone while the second waited for its retry.
        expect(seen.some((r) => r.delivered_at === null && r.delivered_count === 600)).toBe(true);
        const done = seen.at(-1)!;
        expect(done).toMatchObject({
          expected_count: ACTIVE + 1,
          delivered_count: ACTIVE + 1,
          recipients_count: ACTIVE + 1,
        });
        // The detail lists a page of them, not all 901.
        expect((await get(`/api/admin/message/${id}`, coach.token)).body.data.recipients).toHaveLength(
          MESSAGE_RECIPIENTS_SHOWN,
        );

        // Exactly the active members, once each.
        const [counts] = await em().execute<{ rows: number; members: number; inactive: number }[]>(
          `select count(*)::int as rows, count(distinct mr.user_id)::int as members,
           count(*) filter (where s.status <> 'active' or s.current_period_end < now())::int as inactive
         from message_recipients mr join subscriptions s on s.user_id = mr.user_id where mr.message_id = ?`,
          [id],
        );
        expect(counts).toEqual({ rows: ACTIVE + 1, members: ACTIVE + 1, inactive: 0 });

        // One mail per active member, none for the others, the refused one sent on its retry and nobody twice.
        await awaitQueueEmpty();
        const mailed = new Map<string, number>();
        for (const d of deliveries.slice(since)) for (const to of d.to) mailed.set(to, (mailed.get(to) ?? 0) + 1);
        expect(mailed.size).toBe(ACTIVE + 1);
        expect([...mailed.values()].every((n) => n === 1)).toBe(true);
        expect(mailed.get(REFUSED_ONCE)).toBe(1);
        expect(refused).toBe(2);
        for (const i of [1, 2, 3, 4, 5, 6, 9, 12]) expect(mailed.has(`bulk-${i}@example.com`)).toBe(i % 4 !== 1);
        expect(mailed.has(superhuman.email)).toBe(true);

        // One live notice per page written: the page of 600 names its members as a range (not one notice per member),
        // the last page of 301 one by one.
        const notices = events.slice(eventsBefore).filter((e) => e.topic === 'message' && e.id === id);
        expect(notices.length).toBe(2);
        expect(notices.some((e) => e.userRange !== undefined && e.userIds.length === 0)).toBe(true);
        expect(
          notices.some((e) =>
            e.userRange
              ? e.userRange[0] <= superhuman.id && superhuman.id <= e.userRange[1]
              : e.userIds.includes(superhuman.id),
          ),
        ).toBe(true);

        // The member's inbox and unread count show it.
        expect((await get('/api/user/message', superhuman.token)).body.data[0]).toMatchObject({
          id,
          subject: 'Superhuman summit',
          read_at: null,
        });
        expect((await get('/api/user/message/unread_count', superhuman.token)).body.data.unread_count).toBe(12);
      } finally {
        await fork.execute(
          'drop trigger if exists fail_second_page on message_recipients; drop function if exists fail_second_page(); drop sequence if exists recipient_inserts',
        );
      }
    },
  );

  it(
    'a walk run again from its first page (its completion lost) writes, mails and counts nothing twice',
    { timeout: 60_000 },
    async () => {
      const [message] = await em().execute<{ id: number }[]>(
        "select id from messages where subject = 'Superhuman summit'",
      );
      const before = deliveries.length;
      await em().execute('update messages set delivered_at = null where id = ?', [message!.id]);
      await em().execute(
        `select graphile_worker.add_job('message_delivery', json_build_object('messageId', ?::int, 'after', 0))`,
        [message!.id],
      );
      await awaitDelivery(message!.id);
      await awaitQueueEmpty();
      await pause(300);
      expect(deliveries.length).toBe(before);
      expect(await em().count(MessageRecipient, { message: message!.id })).toBe(ACTIVE + 1);
      expect((await get(`/api/admin/message/${message!.id}`, coach.token)).body.data.delivered_count).toBe(ACTIVE + 1);
    },
  );
});
