import { describe, expect, it } from 'vitest';
import { newMember, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();

describe('Cache-Control on API answers', () => {
  it("is no-store on every answer that carries a member's or an admin's data, REST and tRPC", async () => {
    const registered = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
    // A sign-in's answer carries the token and the member's start-up: a write, never kept.
    expect(registered.headers['cache-control']).toBe('no-store');
    const token = registered.body.access_token as string;
    for (const path of ['/api/user', '/api/user/contact_details', '/api/user/export', '/api/user/tokens']) {
      const res = await rest(ctx.app, 'GET', path, { token });
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    const admin = await signedInAdmin(ctx.app);
    expect((await rest(ctx.app, 'GET', '/api/admin/admin', { token: admin.token })).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await trpc(ctx.app, 'query', 'auth.me', undefined, token)).headers['cache-control']).toBe('no-store');
    // A refusal to a signed-in call is not kept either.
    expect((await rest(ctx.app, 'GET', '/api/admin/admin', { token })).headers['cache-control']).toBe('no-store');
  });

  it('leaves public content to its own caching: channels and plans read anonymously', async () => {
    const res = await rest(ctx.app, 'GET', '/api/channel');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
