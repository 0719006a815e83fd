import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserRowSchema, paginatedSchema } from '@evolution/shared';
import { ensureAdmin } from '../src/db/seed.ts';
import { newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  await ensureAdmin(ctx.app.orm.em.fork(), ctx.app.config, 'boss@example.com', 'boss-pass-1', 'Boss');
  adminToken = (await rest(ctx.app, 'POST', '/api/login', { body: { email: 'boss@example.com', password: 'boss-pass-1' } })).body.access_token;
  for (let i = 1; i <= 12; i++) {
    const res = await rest(ctx.app, 'POST', '/api/register', { body: newMember({ name: `Trainee ${String(i).padStart(2, '0')}` }) });
    memberToken = res.body.access_token;
  }
});

describe('GET /api/admin/admin', () => {
  it('needs a token (401) and role 2 (403)', async () => {
    expect(await rest(ctx.app, 'GET', '/api/admin/admin')).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(await rest(ctx.app, 'GET', '/api/admin/admin', { token: memberToken })).toMatchObject({ status: 403, body: { message: 'This action is unauthorized.' } });
  });

  it("pages 10 at a time in Laravel's shape, newest first", async () => {
    const res = await rest(ctx.app, 'GET', '/api/admin/admin', { token: adminToken });
    expect(res.status).toBe(200);
    const page = paginatedSchema(adminUserRowSchema.strict()).strict().parse(res.body);
    expect(page.meta).toMatchObject({ current_page: 1, from: 1, to: 10, per_page: 10, total: 13, last_page: 2 });
    expect(page.data[0]!.name).toBe('Trainee 12');
    const second = await rest(ctx.app, 'GET', '/api/admin/admin?page=2', { token: adminToken });
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 11, to: 13 });
    expect(second.body.data.at(-1)).toMatchObject({ name: 'Boss', user_type: 2 });
  });

  it('searches by name or email and filters by user type', async () => {
    const byName = await rest(ctx.app, 'GET', '/api/admin/admin?search=trainee%2001', { token: adminToken });
    expect(byName.body.data.map((u: { name: string }) => u.name)).toEqual(['Trainee 01']);
    expect(byName.body.links.first).toContain('search=trainee+01');
    const admins = await rest(ctx.app, 'GET', '/api/admin/admin?categoryId=2', { token: adminToken });
    expect(admins.body.data.map((u: { email: string }) => u.email)).toEqual(['boss@example.com']);
    const literal = await rest(ctx.app, 'GET', '/api/admin/admin?search=%25', { token: adminToken });
    expect(literal.body.meta.total).toBe(0);
  });

  it('refuses a bad page with 422', async () => {
    const res = await rest(ctx.app, 'GET', '/api/admin/admin?page=0', { token: adminToken });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ page: ['The page must be a whole number from 1.'] });
  });

  it('is admin.users.list through tRPC, with the same role checks', async () => {
    expect((await trpc(ctx.app, 'query', 'admin.users.list', { page: 1 })).status).toBe(401);
    expect((await trpc(ctx.app, 'query', 'admin.users.list', { page: 1 }, memberToken)).status).toBe(403);
    const res = await trpc(ctx.app, 'query', 'admin.users.list', { page: 1, search: 'boss' }, adminToken);
    expect(res.data.data).toHaveLength(1);
    expect(res.data.meta.total).toBe(1);
  });
});
