import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { trainingMember } from './helpers/training.ts';

// The content cache (services/contentCache.ts) is dropped by the admin services that edit content, once their write
// has committed, and by the content tables' NOTIFY; never by a request that merely looks like an admin's write.
const ctx = useTestApp();

let admin: string;
let member: string;
let sql: pg.Client;

beforeAll(async () => {
  admin = (await signedInAdmin(ctx.app)).token;
  member = (await trainingMember(ctx.app)).token;
  sql = new pg.Client({ connectionString: ctx.databaseUrl });
  await sql.connect();
});
afterAll(() => sql?.end());

const channelName = async () =>
  ((await rest(ctx.app, 'GET', '/api/channel')).body.data as { id: number; name: string }[]).find((c) => c.id === 1)!
    .name;

/** Renames channel 1 behind the app's back: with triggers off for this transaction, no NOTIFY tells any instance. */
async function renameSilently(name: string) {
  await sql.query('begin');
  await sql.query(`set local session_replication_role = replica`);
  await sql.query('update channels set name = $1 where id = 1', [name]);
  await sql.query('commit');
}

describe('the content cache', () => {
  it("is kept through refused admin writes, and dropped by an admin's content edit before its answer leaves", async () => {
    const before = await channelName();
    await renameSilently('Warrior (renamed in SQL)');
    // The cached copy is what members read until something drops it.
    expect(await channelName()).toBe(before);

    // A stranger, a member and an admin's invalid edit: refused, and the cache is untouched.
    expect((await rest(ctx.app, 'PUT', '/api/admin/channel/1', { body: { name: 'Stranger' } })).status).toBe(401);
    expect((await rest(ctx.app, 'POST', '/api/admin/page', { body: {} })).status).toBe(401);
    expect((await trpc(ctx.app, 'mutation', 'admin.channels.update', { id: 1, name: 'Stranger' })).status).toBe(401);
    expect(
      (await rest(ctx.app, 'PUT', '/api/admin/channel/1', { token: member, body: { name: 'Member' } })).status,
    ).toBe(403);
    expect((await rest(ctx.app, 'PUT', '/api/admin/channel/1', { token: admin, body: { name: '' } })).status).toBe(422);
    expect((await rest(ctx.app, 'DELETE', '/api/admin/form/999999', { token: admin })).status).toBe(404);
    expect(await channelName()).toBe(before);

    // An admin's edit of other content (a technique guide's title) drops the whole copy: the next read is fresh.
    const guides = (await rest(ctx.app, 'GET', '/api/admin/page/category/4/pages?page=1', { token: admin })).body
      .data as { id: number }[];
    const guide = (await rest(ctx.app, 'GET', `/api/admin/page/${guides[0]!.id}`, { token: admin })).body.data;
    const saved = await rest(ctx.app, 'PUT', `/api/admin/page/${guide.id}`, {
      token: admin,
      body: { ...guide, title: `${guide.title} ` },
    });
    expect(saved.status).toBe(200);
    expect(await channelName()).toBe('Warrior (renamed in SQL)');

    // Through tRPC the same: an admin's channel edit is read at once.
    const edited = await trpc(ctx.app, 'mutation', 'admin.channels.update', { id: 1, name: before }, admin);
    expect(edited.status).toBe(200);
    expect(await channelName()).toBe(before);
  });
});
