import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../src/errors.ts';
import { corsPreflight, newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();

describe('the server', () => {
  it('answers GET /healthz with 200 while the database is reachable', async () => {
    expect(await rest(ctx.app, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers unknown API routes with a Laravel 404', async () => {
    expect(await rest(ctx.app, 'GET', '/api/nothing/here')).toMatchObject({
      status: 404,
      body: { message: 'The route api/nothing/here could not be found.' },
    });
  });

  it('answers a known API path called with the wrong method with a Laravel 405 and Allow', async () => {
    const res = await rest(ctx.app, 'GET', '/api/login');
    expect(res).toMatchObject({
      status: 405,
      body: { message: 'The GET method is not supported for route api/login. Supported methods: POST.' },
    });
    expect(res.headers.allow).toBe('POST');
    expect(await rest(ctx.app, 'DELETE', '/api/channel/1')).toMatchObject({
      status: 405,
      body: { message: expect.stringContaining('Supported methods: GET.') },
    });
    expect((await rest(ctx.app, 'PUT', '/api/user/evolution/chamber/2')).status).toBe(405);
  });

  it('reads url-encoded forms as Laravel does', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const bad = await rest(ctx.app, 'POST', '/api/register', {
      headers: form,
      body: 'name=Form+Poster&email=not-an-email&password=forms-poster-7&confirm_password=forms-poster-8',
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { email: ['Incorrect format'], confirm_password: ['Passwords do not match'] } },
    });
    const ok = await rest(ctx.app, 'POST', '/api/register', {
      headers: form,
      body: 'name=Form+Poster&email=form.poster%40example.com&password=forms-poster-7&confirm_password=forms-poster-7',
    });
    expect(ok).toMatchObject({ status: 201, body: { user_role: 1, name: 'Form Poster' } });
  });

  it('has a schema, built by the committed migrations alone, that matches the entities exactly', async () => {
    // A missing `npm run db:migration:create` after an entity change shows up here as SQL still to run.
    expect((await ctx.app.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('indexes every foreign key a delete can follow, except from the small catalogue tables', async () => {
    // Without one, deleting a member (or a form, a page, a photo) reads the whole child table once per deleted row:
    // minutes for a member with a year of history at 500,000 members. Catalogue rows are a few hundred, and
    // plans, channels, exercise types, VO2 levels and calibrations are never deleted.
    const catalogue = [
      'plans',
      'form_groups',
      'forms',
      'calibrations',
      'pages',
      'meals',
      'subscriptions.plan_id',
      'messages.channel_id',
      'workout_results.calibration_id',
      'vo2_tests.level_id',
    ];
    const unindexed = await ctx.app.orm.em.fork().execute<{ fk: string }[]>(`
      select c.conrelid::regclass || '.' || a.attname as fk from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`);
    expect(
      unindexed.map((r) => r.fk).filter((fk) => !catalogue.includes(fk) && !catalogue.includes(fk.split('.')[0]!)),
    ).toEqual([]);
  });

  it('lets web pages of other origins call the REST API with a bearer token (CORS), not /trpc', async () => {
    const preflight = await corsPreflight(ctx.app, '/api/login', {
      origin: 'https://partner.example',
      method: 'POST',
      headers: 'authorization,content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/channel',
      headers: { origin: 'https://partner.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    const trpcCall = await ctx.app.inject({
      method: 'GET',
      url: '/trpc/channels.list',
      headers: { origin: 'https://partner.example' },
    });
    expect(trpcCall.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers', async () => {
    const res = await rest(ctx.app, 'GET', '/api/channel');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes an OpenAPI 3.1 description of the REST surface', async () => {
    const res = await rest(ctx.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/login', '/register', '/user', '/logout', '/channel', '/channel/{id}', '/admin/admin']),
    );
    // The body is a named schema, the same for its three encodings.
    const login = res.body.paths['/login'].post.requestBody.content['application/json'].schema.$ref as string;
    expect(res.body.components.schemas[login.split('/').pop()!].required).toEqual(['email', 'password']);
    // Without the trailing slash the page's relative asset links would miss: the bare path redirects.
    const bare = await rest(ctx.app, 'GET', '/api/docs?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/api/docs/?x=1');
    expect((await rest(ctx.app, 'GET', '/api/docs')).headers.location).toBe('/api/docs/');
    const page = await rest(ctx.app, 'GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers 503 on /healthz when the database refuses connections, and 200 again once it is back', async () => {
    const name = new URL(ctx.databaseUrl).pathname.slice(1);
    const member = (await rest(ctx.app, 'POST', '/api/register', { body: newMember() })).body.access_token as string;
    await rest(ctx.app, 'GET', '/api/channel');
    const admin = new pg.Client({ connectionString: inject('databaseAdminUrl') });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect((await rest(ctx.app, 'GET', '/healthz')).status).toBe(503);
      // A call that needs the database says the service is briefly unavailable, on both surfaces: no stack, no SQL,
      // no driver message; the channel list, cached by this instance, still answers.
      const restFailure = await rest(ctx.app, 'GET', '/api/user', { token: member });
      expect(restFailure).toMatchObject({ status: 503, body: { message: UNAVAILABLE_MESSAGE } });
      const trpcFailure = await trpc(ctx.app, 'query', 'auth.me', undefined, member);
      expect(trpcFailure.status).toBe(503);
      expect(trpcFailure.error.message).toBe(UNAVAILABLE_MESSAGE);
      expect(JSON.stringify([restFailure.body, trpcFailure.error])).not.toMatch(
        /stack|select|connection|postgres|\.ts/i,
      );
      expect((await rest(ctx.app, 'GET', '/api/channel')).status).toBe(200);
      await admin.query(`alter database "${name}" allow_connections true`);
      // Pooled connections that were cut may fail once more before the pool replaces them.
      await expect.poll(async () => (await rest(ctx.app, 'GET', '/healthz')).status, { timeout: 20_000 }).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
  });
});
