/**
 * Why this file exists: the admin's lists and the member's reads stay fast at 500,000 members only
 * because each of their queries finds its rows through an index. npm run bench:scale measures that, but nobody runs it
 * on every change; this guard does, in CI's time. It seeds a business of 20,000 members (server/bench/scaleSeed.ts),
 * sends each hot call through the app, records the SQL the app really sends (pg's Client.prototype.query, under
 * MikroORM), and EXPLAINs every statement with the same values on a connection of its own:
 *
 * - with enable_seqscan off, a Seq Scan on any WATCHED table means no index can serve the statement at all (an index
 *   dropped, or a new query written without one);
 * - at default settings, a Seq Scan on a table that is BIG at 20,000 members means the index exists but does not match
 *   the statement's filter or order (the planner would rather read the whole table).
 *
 * A failure names the call, the table, the mode and the SQL, so a later change cannot silently lose an index.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../bench/scaleSeed.ts';
import { db } from '../src/db/kysely.ts';
import { DEMO_ADMIN, DEMO_MEMBER, ensureAdmin, ensureDemoMember } from '../src/db/seed.ts';
import { deliverPage } from '../src/services/messageDelivery.ts';
import { rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const MEMBERS = 20_000;
/** No hot statement may need a whole scan of these: with enable_seqscan off, a Seq Scan on one is a missing index. */
const WATCHED = [
  'users',
  'subscriptions',
  'assistance_flags',
  'flag_responses',
  'audit_log',
  'messages',
  'message_recipients',
  'member_forms',
  'workout_results',
];
/** Big enough at 20,000 members (12,000 to 270,000 rows) that the planner reads them whole only when no index fits. */
const BIG = [
  'users',
  'subscriptions',
  'assistance_flags',
  'flag_responses',
  'audit_log',
  'message_recipients',
  'member_forms',
  'workout_results',
];

const ctx = useTestApp();

// ---------------------------------------------------------------------------------------------------------------
// The recorder: every statement any pg client sends while `recording` is set (the app's pool, the job worker's).

interface Statement {
  text: string;
  values: unknown[];
}
let recording: Statement[] | null = null;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const clientQuery = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (recording && typeof first === 'string')
    recording.push({ text: first, values: Array.isArray(second) ? second : [] });
  else if (recording && first && typeof first === 'object' && 'text' in first) {
    const config = first as { text: string; values?: unknown[] };
    recording.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
  }
  return clientQuery.apply(this, args);
};
afterAll(() => {
  (pg.Client.prototype as unknown as { query: Query }).query = clientQuery;
});

async function record(run: () => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = [];
  recording = statements;
  try {
    await run();
  } finally {
    recording = null;
  }
  return statements;
}

// ---------------------------------------------------------------------------------------------------------------
// The checker: EXPLAIN (FORMAT JSON) of each recorded statement that reads rows, twice.

/** Reads or finds rows (an INSERT ... VALUES, a SET or a transaction's bracket does not); the job queue's own are not ours. */
const readsRows = (sql: string) =>
  /^\s*(select|with|update|delete)\b/i.test(sql) || /^\s*insert\b[\s\S]*\bselect\b/i.test(sql);
const ours = (sql: string) => !/graphile_worker|pg_notify|^\s*select\s+set_config/i.test(sql);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

let explainer: pg.Client;
/** Tables a checked statement's plan read, by any kind of scan: the end checks every watched table was seen. */
const seen = new Set<string>();

async function explain(statement: Statement, seqscan: boolean): Promise<PlanNode[]> {
  await explainer.query(`set enable_seqscan = ${seqscan ? 'on' : 'off'}`);
  const {
    rows: [row],
  } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.text}`,
    statement.values,
  );
  return nodes(row!['QUERY PLAN'][0].Plan);
}

/** The problems of one call's statements: a Seq Scan on a watched table with seqscan off, or on a big one at default settings. */
async function problems(call: string, statements: Statement[]): Promise<string[]> {
  const found: string[] = [];
  const mine = statements.filter((s) => readsRows(s.text) && ours(s.text));
  expect(mine.length, `${call}: no statement recorded (has the app stopped using pg's Client?)`).toBeGreaterThan(0);
  for (const statement of mine) {
    const sql = statement.text.replace(/\s+/g, ' ').trim();
    const values = JSON.stringify(statement.values).slice(0, 200);
    for (const [seqscan, tables, why] of [
      [false, WATCHED, 'no index can serve it (enable_seqscan off)'],
      [true, BIG, 'an index exists but does not fit (default settings)'],
    ] as const) {
      const plan = await explain(statement, seqscan);
      for (const node of plan) {
        const table = node['Relation Name'];
        if (!table) continue;
        seen.add(table);
        if (node['Node Type'] === 'Seq Scan' && (tables as readonly string[]).includes(table)) {
          found.push(
            `${table} (${seqscan ? 'default settings' : 'no usable index'})\n  ${call}: Seq Scan on ${table}, ${why}\n  SQL: ${sql}\n  values: ${values}`,
          );
        }
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// The business, the accounts and the hot calls.

let adminToken: string;
let memberToken: string;
/** A seeded member with a year of history, an active Superhuman subscription, broadcasts, flags and audit rows. */
let memberId: number;
let flagId: number;
let broadcastId: number;

beforeAll(async () => {
  // The demo accounts first: the seed copies the member's password hash (made cheap by the test config) to every member.
  await ensureAdmin(ctx.app.orm.em.fork(), ctx.app.config, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.name);
  await ensureDemoMember(ctx.app.orm.em.fork(), ctx.app.config);
  const seeded = await seedScale(ctx.databaseUrl, MEMBERS, () => {});
  explainer = new pg.Client({ connectionString: ctx.databaseUrl });
  await explainer.connect();
  const {
    rows: [member],
  } = await explainer.query<{ id: number; email: string; flag: number; broadcast: number }>(
    `
    select u.id, u.email,
           (select max(f.id) from assistance_flags f where f.user_id = u.id) as flag,
           (select r.message_id from message_recipients r join messages m on m.id = r.message_id where r.user_id = u.id and m.channel_id is not null
            order by r.read_at is null desc, r.message_id desc limit 1) as broadcast
    from users u where u.id = (select min(user_id) from chamber_snapshots where user_id >= $1)`,
    [seeded.historyMemberId],
  );
  adminToken = (
    await rest(ctx.app, 'POST', '/api/login', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })
  ).body.access_token;
  memberToken = (
    await rest(ctx.app, 'POST', '/api/login', { body: { email: member!.email, password: DEMO_MEMBER.password } })
  ).body.access_token;
  memberId = member!.id;
  // The member's own flag, if the seed gave them one, else the newest; a broadcast they have not read yet, if any (opening it marks it read).
  flagId =
    member!.flag ?? (await explainer.query<{ id: number }>('select max(id) as id from assistance_flags')).rows[0]!.id;
  broadcastId = member!.broadcast;
  if (!adminToken || !memberToken || !broadcastId)
    throw new Error('query plans: the seeded business has no signed-in admin, member or broadcast');
}, 120_000);

afterAll(async () => {
  await explainer?.end();
});

interface Call {
  name: string;
  send: () => Promise<number>;
}
const admin = (name: string, path: () => string): Call => ({
  name,
  send: async () => (await rest(ctx.app, 'GET', path(), { token: adminToken })).status,
});
const member = (name: string, path: () => string): Call => ({
  name,
  send: async () => (await rest(ctx.app, 'GET', path(), { token: memberToken })).status,
});
const memberTrpc = (name: string, path: string, input?: () => unknown): Call => ({
  name,
  send: async () => (await trpc(ctx.app, 'query', path, input?.(), memberToken)).status,
});

const calls: Call[] = [
  admin('admin users, page 1', () => '/api/admin/admin?page=1'),
  admin('admin users, page 1,000', () => '/api/admin/admin?page=1000'),
  admin('admin users, admins only', () => '/api/admin/admin?page=1&categoryId=2'),
  admin('admin search, one hit', () => '/api/admin/admin?page=1&search=member%40evolution'),
  admin('admin search, no hit', () => '/api/admin/admin?page=1&search=zqxj-nobody'),
  admin('admin user detail', () => `/api/admin/admin/${memberId}`),
  admin('admin assistance flags, page 1', () => '/api/admin/assistance_flag?page=1'),
  admin('admin assistance flags, open ones', () => '/api/admin/assistance_flag?page=1&status=0'),
  admin('admin assistance flags, closed ones, page 50', () => '/api/admin/assistance_flag?page=50&status=1'),
  admin('admin assistance flag detail', () => `/api/admin/assistance_flag/${flagId}`),
  admin('admin messages, page 1', () => '/api/admin/message?page=1'),
  admin('admin message detail (a broadcast)', () => `/api/admin/message/${broadcastId}`),
  admin('admin channels with their subscribers', () => '/api/admin/channel?page=1'),
  admin('admin form groups (whether each is in use)', () => '/api/admin/form_group?page=1'),
  admin('admin audit log, page 1', () => '/api/admin/audit_log?page=1'),
  admin('admin audit log, one member', () => `/api/admin/audit_log?page=1&member_id=${memberId}`),
  admin('admin audit log, one admin', () => '/api/admin/audit_log?page=1&admin_id=1'),
  admin("admin member's chamber, page 1", () => `/api/admin/user/${memberId}/evolution/chamber/1`),
  admin("admin member's workout results", () => `/api/admin/user/${memberId}/evolution/workout_results`),
  member('member start-up', () => '/api/user'),
  member('member messages', () => '/api/user/message?page=1'),
  member('member unread count', () => '/api/user/message/unread_count'),
  member('member opens a broadcast', () => `/api/user/message/${broadcastId}`),
  member('member assistance flags', () => '/api/user/assistance_flag?page=1'),
  member('member data reads', () => '/api/user/data_reads?page=1'),
  member('member phase data', () => '/api/user/channel/warrior/general/phase'),
  member('member chamber, page 1', () => '/api/user/evolution/chamber/1'),
  memberTrpc('member messages (tRPC messages.list)', 'messages.list', () => ({ page: 1 })),
  memberTrpc('member unread count (tRPC messages.unreadCount)', 'messages.unreadCount'),
  memberTrpc('member assistance flags (tRPC flags.list)', 'flags.list', () => ({ page: 1 })),
];

describe(`query plans at ${MEMBERS.toLocaleString('en-GB')} members: every hot statement finds its rows by index`, () => {
  it.each(calls)('$name', async (call) => {
    let status = 0;
    const statements = await record(async () => {
      status = await call.send();
    });
    expect(status).toBe(200);
    const found = await problems(call.name, statements);
    expect(found).toEqual([]);
  });

  it("a channel message's delivery page (the job's INSERT ... SELECT over subscriptions)", async () => {
    // The job's own statements, from deliverPage run in a transaction rolled back after it (nothing written): the
    // page of the audience after a cursor, the receipts written from it. A page of 500 is to 20,000 members about what
    // the default page (MESSAGE_DELIVERY_PAGE, 5,000) is to 500,000: a few percent of the channel.
    const page = 500;
    const rollback = new Error('rolled back');
    let statements: Statement[] = [];
    await ctx.app.orm.em
      .fork()
      .transactional(async (tx) => {
        // The seeded broadcast is delivered already; undelivered again, in this transaction only, it walks a page.
        await db(tx).updateTable('messages').set({ delivered_at: null }).where('id', '=', broadcastId).execute();
        statements = await record(() => deliverPage(tx, { messageId: broadcastId, after: memberId }, page));
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    expect(statements.some((s) => /insert into "?message_recipients"?/i.test(s.text))).toBe(true);
    expect(await problems('message delivery page', statements)).toEqual([]);
  });

  it('saw every watched table in the plans it checked', () => {
    expect(WATCHED.filter((t) => !seen.has(t))).toEqual([]);
  });
});
