import { connect, type AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { CREATED_AT } from '../src/rest/created.ts';
import { drainBody } from '../src/http/unreadBody.ts';
import { readFormFields } from '../src/rest/formFields.ts';
import { expectFieldErrors, corsPreflight, newMember, signedInAdmin, subscriberRegistration } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { deviceKeys } from './helpers/pushService.ts';
import { contactDetails } from './helpers/setupForms.ts';
import { multipart, photoWithExif, trainingMember } from './helpers/training.ts';

const MB = 1024 * 1024;
// Pictures are limited to 1 MB here, so a 2 MB picture is refused for its size before it is read.
const ctx = useTestApp({
  mediaMaxBytes: { image: MB, video: 8 * MB },
  pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, 'push.example.com'],
});

describe('refused uploads over a real socket', () => {
  let base: string;
  let admin: { token: string };
  let member: { token: string };

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    admin = await signedInAdmin(ctx.app);
    member = await trainingMember(ctx.app);
  });

  /**
   * One 2 MB file in `field` of a FormData body (field `json`: a 2 MB JSON body), sent with Node's fetch (undici) as a
   * network delivers it: the answer comes while the client is still sending.
   */
  async function send(path: string, field: string, token: string, extra: Record<string, string> = {}) {
    if (field === 'json') {
      const json = JSON.stringify({ email: 'big@example.com', password: 'A'.repeat(2 * MB) });
      return paced(path, token, new TextEncoder().encode(json), 'application/json');
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    form.append(field, new Blob([new Uint8Array(2 * MB).fill(0x41)], { type: 'application/octet-stream' }), 'file.bin');
    const request = new Request(base, { method: 'POST', body: form });
    return paced(path, token, new Uint8Array(await request.arrayBuffer()), request.headers.get('content-type')!);
  }

  /** A body sent 64 KB at a time, as a network delivers it, with its declared length. */
  async function paced(path: string, token: string, whole: Uint8Array, contentType: string) {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= whole.length) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 2));
        controller.enqueue(whole.subarray(sent, sent + 64 * 1024));
        sent += 64 * 1024;
      },
    });
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': String(whole.length),
        },
        signal: AbortSignal.timeout(20_000),
      } as RequestInit);
      return { status: res.status, body: (await res.json()) as unknown };
    } catch (err) {
      return { status: 0, body: (err as { cause?: { code?: string } }).cause?.code ?? String(err) };
    }
  }

  const cases = [
    { what: 'a video that is not one', path: '/api/admin/meal/video', field: 'video', who: 'admin', status: 422 },
    { what: 'a picture over its limit', path: '/api/admin/page/image', field: 'image', who: 'admin', status: 422 },
    { what: 'a progress photo that is not one', path: '/api/user/image', field: 'image', who: 'member', status: 422 },
    { what: 'a stranger', path: '/api/admin/meal/video', field: 'video', who: 'nobody', status: 401 },
    { what: 'a JSON body over 1 MB', path: '/api/login', field: 'json', who: 'nobody', status: 413 },
    { what: 'a member in the admin area', path: '/api/admin/meal/video', field: 'video', who: 'member', status: 403 },
    {
      what: 'tRPC, a video that is not one',
      path: '/trpc/admin.media.upload',
      field: 'video',
      who: 'admin',
      status: 422,
    },
  ] as const;

  it.each(cases)('answers 10 refused 2 MB uploads ($what), one after another and at once, with JSON', async (c) => {
    const token = c.who === 'admin' ? admin.token : c.who === 'member' ? member.token : 'not-a-token';
    const extra: Record<string, string> = c.path.startsWith('/trpc') ? { kind: 'meal_video' } : {};
    const one = () => send(c.path, c.field, token, extra);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await one());
    answers.push(...(await Promise.all(Array.from({ length: 10 }, one))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(c.status));
    for (const a of answers) expect(a.body).toBeTypeOf('object');
  });
});

/** A meal as a form sends it. */
const mealFields = (name: string) => ({
  name,
  meal_group_id: '6',
  description: 'Soak the oats.',
  ingredient1: 'Oats (g)',
  formula1: '50',
});

describe('bodies, methods, Location and CORS as Laravel has them', () => {
  let admin: { token: string; email: string };
  let member: { token: string };

  beforeAll(async () => {
    admin = await signedInAdmin(ctx.app);
    member = await trainingMember(ctx.app);
  });

  /** A body in one of the three encodings a client may send, for app.inject. */
  async function encoded(kind: 'json' | 'form' | 'multipart', fields: Record<string, string>) {
    if (kind === 'json') return { payload: JSON.stringify(fields), headers: { 'content-type': 'application/json' } };
    if (kind === 'form')
      return {
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    return multipart(fields);
  }

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: {
      token?: string;
      body?: { payload: string | Buffer; headers: Record<string, string> };
      headers?: Record<string, string>;
    } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url,
      ...(opts.body ? { payload: opts.body.payload } : {}),
      headers: {
        ...opts.body?.headers,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
    });
    const json = String(res.headers['content-type']).startsWith('application/json');
    return { status: res.statusCode, headers: res.headers, body: json ? JSON.parse(res.body) : res.body };
  }

  it('signs in with a multipart body as with JSON or a url-encoded form', async () => {
    for (const kind of ['json', 'form', 'multipart'] as const) {
      const res = await call('POST', '/api/login', {
        body: await encoded(kind, { email: admin.email, password: 'admin-pass-123' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.access_token).toEqual(expect.any(String));
      const wrong = await call('POST', '/api/login', { body: await encoded(kind, { email: admin.email }) });
      expectFieldErrors(wrong, { password: ['Enter your password.'] });
    }
  });

  it('reads multipart bodies as url-encoded forms: the same fields give the same record, files are left out', async () => {
    const fields = {
      name: 'Multipart oats',
      meal_group_id: '6',
      description: 'Soak the oats.',
      ingredient1: 'Rolled oats (g)',
      formula1: '60',
      ingredient2: 'Oat milk (ml)',
      formula2: '200',
    };
    const asForm = await call('POST', '/api/admin/meal', { token: admin.token, body: await encoded('form', fields) });
    const asMultipart = await call('POST', '/api/admin/meal', {
      token: admin.token,
      body: await multipart(fields, [{ name: 'extra', filename: 'x.bin', type: 'text/plain', data: Buffer.from('x') }]),
    });
    expect(asForm.status).toBe(201);
    expect(asMultipart.status).toBe(201);
    const record = ({ id: _, position: _p, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest;
    expect(record(asMultipart.body.data)).toEqual(record(asForm.body.data));
    expect(asMultipart.body.data.ingredients).toHaveLength(2);
  });

  it('reads PHP-style field names (keys[auth]) from multipart bodies', async () => {
    const { keys } = deviceKeys();
    const endpoint = `https://push.example.com/send/${Date.now()}`;
    const fields = { endpoint, 'keys[p256dh]': keys.p256dh, 'keys[auth]': keys.auth };
    const res = await call('POST', '/api/push/subscription', { token: member.token, body: await multipart(fields) });
    expect(res.status).toBe(201);
    expect(res.body.data.endpoint).toBe(endpoint);
    const bad = await call('POST', '/api/push/subscription', {
      token: member.token,
      body: await multipart({ endpoint, 'keys[p256dh]': keys.p256dh }),
    });
    expect(bad.body.errors).toEqual({ 'keys.auth': [expect.any(String)] });
  });

  it('checks the caller before a multipart body is read: a stranger is 401, a member 403', async () => {
    const body = await multipart({ name: 'x' });
    expect((await call('POST', '/api/admin/meal', { body })).status).toBe(401);
    expect(
      (await call('POST', '/api/admin/meal', { token: member.token, body: await multipart({ name: 'x' }) })).status,
    ).toBe(403);
    // A body that is not the multipart it claims: the caller check first, then 400; a path without POST stays a 405.
    const broken = { payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } };
    expect((await call('POST', '/api/push/subscription', { body: broken })).status).toBe(401);
    expect((await call('POST', '/api/push/subscription', { token: member.token, body: broken })).body).toEqual({
      message: 'The multipart body could not be read.',
    });
    expect((await call('POST', '/api/user/contact_details', { token: member.token, body: broken })).status).toBe(405);
  });

  it('takes PATCH on an update route declared with PUT, and PUT on one declared with PATCH, as the same route', async () => {
    const details = { ...contactDetails(), city: 'Patched' };
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await call(method, '/api/user/contact_details', {
        token: member.token,
        body: await encoded('json', details),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.city).toBe('Patched');
      // The same caller check and validation: a stranger is 401, a bad field the same 422.
      expect((await call(method, '/api/user/contact_details', { body: await encoded('json', details) })).status).toBe(
        401,
      );
      const bad = await call(method, '/api/user/contact_details', {
        token: member.token,
        body: await encoded('json', { ...details, postcode: '' }),
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['postcode']);
    }
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await call(method, '/api/user/sets', {
        token: member.token,
        body: await encoded('form', { number_of_sets: '16' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.number_of_sets).toBe(16);
    }
    // In the admin area the alias keeps the area's role check and the route's binding (404 before 422).
    const meal = await call('POST', '/api/admin/meal', {
      token: admin.token,
      body: await encoded('json', mealFields('Alias oats')),
    });
    const url = `/api/admin/meal/${meal.body.data.id}`;
    const renamed = mealFields('Renamed oats');
    expect((await call('PATCH', url, { token: member.token, body: await encoded('json', renamed) })).status).toBe(403);
    expect(
      (await call('PATCH', '/api/admin/meal/999999', { token: admin.token, body: await encoded('json', {}) })).status,
    ).toBe(404);
    const patched = await call('PATCH', url, { token: admin.token, body: await encoded('multipart', renamed) });
    expect(patched.status).toBe(200);
    expect(patched.body.data.name).toBe('Renamed oats');
  });

  it('keeps a path whose PUT and PATCH are two calls as it is, and lists the aliases in the 405 Allow', async () => {
    const put = await call('DELETE', '/api/user/contact_details', { token: member.token });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, PUT, PATCH');
    expect(put.body.message).toBe(
      'The DELETE method is not supported for route api/user/contact_details. Supported methods: GET, PUT, PATCH.',
    );
    expect((await call('DELETE', '/api/user/sets', { token: member.token })).headers.allow).toBe('GET, PATCH, PUT');
    // PATCH admin/admin/{id} edits a user, PUT sets their password: each stays its own call.
    const allow = (await call('POST', '/api/admin/admin/1', { token: admin.token })).headers.allow as string;
    expect(allow.split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH', 'PUT']);
    expect(
      (await call('PUT', '/api/admin/admin/1', { token: admin.token, body: await encoded('json', { name: 'x' }) })).body
        .errors,
    ).toHaveProperty('password');
  });

  it('answers a POST with _method=PUT, PATCH or DELETE (body, form or multipart) as that call', async () => {
    const details = { ...contactDetails(), city: 'Spoofed' };
    for (const [kind, method] of [
      ['form', 'PUT'],
      ['multipart', 'patch'],
      ['json', 'PATCH'],
    ] as const) {
      const res = await call('POST', '/api/user/contact_details', {
        token: member.token,
        body: await encoded(kind, { ...details, city: `Spoofed ${kind}`, _method: method }),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.city).toBe(`Spoofed ${kind}`);
    }
    // The target's checks: a stranger 401, a member in the admin area 403, a bad field the same 422.
    const spoofed = async (fields: Record<string, string>) => encoded('form', { ...fields, _method: 'PUT' });
    expect((await call('POST', '/api/user/contact_details', { body: await spoofed(details) })).status).toBe(401);
    const bad = await call('POST', '/api/user/contact_details', {
      token: member.token,
      body: await spoofed({ ...details, postcode: '' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['postcode']);
    // Without _method (or with one the path does not take) a POST is still a 405.
    expect(
      (await call('POST', '/api/user/contact_details', { token: member.token, body: await encoded('form', details) }))
        .status,
    ).toBe(405);
    expect(
      (
        await call('POST', '/api/user/contact_details', {
          token: member.token,
          body: await encoded('form', { _method: 'DELETE' }),
        })
      ).status,
    ).toBe(405);

    // DELETE routes take POST with _method=DELETE, checked as the DELETE is.
    const meal = await call('POST', '/api/admin/meal', {
      token: admin.token,
      body: await encoded('json', mealFields('Doomed oats')),
    });
    const url = `/api/admin/meal/${meal.body.data.id}`;
    expect(
      (await call('POST', url, { token: member.token, body: await encoded('form', { _method: 'DELETE' }) })).status,
    ).toBe(403);
    expect(
      (await call('POST', url, { token: admin.token, body: await encoded('multipart', { _method: 'DELETE' }) })).status,
    ).toBe(200);
    expect((await call('GET', url, { token: admin.token })).status).toBe(404);
    // A path with its own POST: _method=DELETE is its DELETE.
    const { keys } = deviceKeys();
    const endpoint = `https://push.example.com/send/spoof-${Date.now()}`;
    expect(
      (
        await call('POST', '/api/push/subscription', {
          token: member.token,
          body: await encoded('json', { endpoint, keys } as never),
        })
      ).status,
    ).toBe(201);
    const removed = await call('POST', '/api/push/subscription', {
      token: member.token,
      body: await encoded('json', { endpoint, _method: 'DELETE' }),
    });
    expect(removed.status).toBe(200);
    expect(
      (await call('GET', `/api/push/subscription?endpoint=${encodeURIComponent(endpoint)}`, { token: member.token }))
        .status,
    ).toBe(404);
  });

  it('says where every 201 put the new record (Location), an address that answers', async () => {
    // app.inject calls localhost:80; the address's path and query are what a test calls back.
    const origin = 'http://localhost:80';
    const at = (location: unknown) => {
      const url = new URL(String(location));
      return `${url.pathname}${url.search}`;
    };
    const register = await call('POST', '/api/register', { body: await encoded('json', newMember()) });
    expect(register.status).toBe(201);
    expect(register.headers.location).toBe(`${origin}/api/user`);
    // Registering with a plan, as a multipart form: its handler reads the form itself.
    const fields = Object.fromEntries(Object.entries(subscriberRegistration()).map(([k, v]) => [k, String(v)]));
    const subscribed = await call('POST', '/api/register/subscription', { body: await multipart(fields) });
    expect(subscribed.status).toBe(201);
    expect(subscribed.headers.location).toBe(`${origin}/api/user/subscription`);
    const view = await call('GET', '/api/user/subscription', { token: subscribed.body.access_token });
    expect(view.body.data).toMatchObject({ channel_id: 1, active: true });
    const meal = await call('POST', '/api/admin/meal', {
      token: admin.token,
      body: await encoded('json', mealFields('Located oats')),
    });
    expect(meal.headers.location).toBe(`${origin}/api/admin/meal/${meal.body.data.id}`);
    expect((await call('GET', at(meal.headers.location), { token: admin.token })).body.data.name).toBe('Located oats');
    const flag = await call('POST', '/api/user/assistance_flag', {
      token: member.token,
      body: await encoded('json', { subject: 'Where', message: 'Is it?' }),
    });
    expect(flag.headers.location).toBe(`${origin}/api/user/assistance_flag/${flag.body.data.id}`);
    expect((await call('GET', at(flag.headers.location), { token: member.token })).status).toBe(200);
    const { keys } = deviceKeys();
    const endpoint = `https://push.example.com/send/located-${Date.now()}`;
    const push = await call('POST', '/api/push/subscription', {
      token: member.token,
      body: { payload: JSON.stringify({ endpoint, keys }), headers: { 'content-type': 'application/json' } },
    });
    expect(push.headers.location).toBe(`${origin}/api/push/subscription?endpoint=${encodeURIComponent(endpoint)}`);
    expect((await call('GET', at(push.headers.location), { token: member.token })).body.data.endpoint).toBe(endpoint);
    // An upload's address is its media's; a spoofed call's 201 carries its target's Location as it is.
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const upload = await call('POST', '/api/admin/page/image', {
      token: admin.token,
      body: await multipart({}, [{ name: 'image', filename: 'p.png', type: 'image/png', data: picture }]),
    });
    expect(upload.status).toBe(201);
    expect(upload.headers.location).toBe(`${origin}/api/media/${upload.body.image.id}`);
    expect((await call('GET', at(upload.headers.location), { token: admin.token })).status).toBe(200);
    // A 200 (the same push subscription again) has none.
    const again = await call('POST', '/api/push/subscription', {
      token: member.token,
      body: { payload: JSON.stringify({ endpoint, keys }), headers: { 'content-type': 'application/json' } },
    });
    expect(again.status).toBe(200);
    expect(again.headers.location).toBeUndefined();
    // The address is on the host the client called, as the paging links are.
    const elsewhere = await call('POST', '/api/register', {
      body: await encoded('json', newMember()),
      headers: { host: '127.0.0.1:3000' },
    });
    expect(elsewhere.headers.location).toBe('http://127.0.0.1:3000/api/user');
  });

  it('has a Location for every call the OpenAPI description says may answer 201', async () => {
    const spec = (await call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const created = Object.entries(spec.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.responses?.['201']))
      .map(([path]) => `/api${path}`)
      .sort();
    expect(created).toEqual(Object.keys(CREATED_AT).sort());
  });

  it('lets a browser on another origin send X-Requested-With and read Location, Content-Disposition and the throttle headers', async () => {
    const preflight = await corsPreflight(ctx.app, '/api/admin/meal', {
      origin: 'https://integrator.example',
      method: 'PATCH',
      headers: 'authorization, content-type, x-requested-with',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-requested-with');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    const res = await call('GET', '/api/channel', { headers: { origin: 'https://integrator.example' } });
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    for (const name of ['location', 'content-disposition', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'])
      expect(exposed).toContain(name);
  });
});

/**
 * What a server answers on a raw socket to `head`, and when: its text and time. Then, if asked, a byte every `every` ms,
 * or `body` in ten parts spread over `overMs`.
 */
function rawExchange(port: number, head: string, after: { every?: number; body?: Buffer; overMs?: number } = {}) {
  return new Promise<{ text: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ text, ms: Date.now() - started });
    };
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', done).on('close', done).on('error', done);
    socket.write(head);
    if (after.every) timer = setInterval(() => socket.writable && socket.write('{'), after.every);
    const { body, overMs = 0 } = after;
    if (body) {
      const part = Math.ceil(body.length / 10);
      for (let i = 0; i < 10; i++)
        setTimeout(() => socket.write(body.subarray(i * part, (i + 1) * part)), ((i + 1) * overMs) / 10);
    }
  });
}

describe('what a stranger can make the server read or hold', () => {
  it('reads a form for its fields without holding its files', async () => {
    const file = Readable.from([Buffer.alloc(1024 * 1024), Buffer.alloc(1024 * 1024)]);
    const toBuffer = vi.fn<() => Promise<Buffer>>();
    const req = {
      async *parts() {
        yield { type: 'field', fieldname: '_method', value: 'PUT' };
        yield { type: 'file', fieldname: 'photo', file, toBuffer };
        yield { type: 'field', fieldname: 'a[b]', value: 'c' };
      },
    } as unknown as FastifyRequest;
    expect(await readFormFields(req)).toEqual({ _method: 'PUT', a: { b: 'c' } });
    await finished(file);
    expect(toBuffer).not.toHaveBeenCalled();
  });

  it('answers a stranger its 401 for a 5 MB multipart POST with _method', async () => {
    const body = await multipart({ ...contactDetails(), _method: 'PUT' }, [
      { name: 'photo', filename: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(5 * MB, 0x41) },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/contact_details', ...body });
    expect(res.statusCode).toBe(401);
  });

  it('still refuses a form whose file is over the multipart limit, though the file is not kept', async () => {
    const body = await multipart({ email: 'big@example.com', password: 'secret' }, [
      { name: 'photo', filename: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(11 * MB, 0x41) },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', ...body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'request file too large' });
  });

  it('refuses a JSON body declared over what is read through (10 MB) at once, closing the connection, without reading it', async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const { text, ms } = await rawExchange(
      port,
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${150 * MB}\r\n\r\n{`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(ms).toBeLessThan(1000);
  });

  it('gives up draining a body that trickles in steadily once its deadline has passed', async () => {
    const raw = Object.assign(new PassThrough(), { headers: { 'content-length': '1000' } });
    const trickle = setInterval(() => raw.write('x'), 20);
    const started = Date.now();
    try {
      expect(await drainBody(raw as unknown as IncomingMessage, 1000, 300)).toBe(false);
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('cuts a request whose body trickles in, within its request timeout; an upload has its own, longer one', async () => {
    const app = await buildApp({
      ...testConfig({ requestTimeoutMs: 2000, uploadTimeoutMs: 60_000 }),
      databaseUrl: ctx.databaseUrl,
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const { text, ms } = await rawExchange(
        port,
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        { every: 1000 },
      );
      // Answered 408 (the route had not answered yet), its connection closed.
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4500);
      // The same for a tRPC call's JSON, though its routes also take FormData uploads: only an upload is waited for.
      const trpc = await rawExchange(
        port,
        'POST /trpc/auth.login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        { every: 1000 },
      );
      expect(trpc.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(trpc.ms).toBeLessThan(4500);

      // A progress photo arriving over 3 s (a slow phone connection) is stored, not cut at 2 s.
      const { token } = await trainingMember(app);
      const body = await multipart({}, [
        { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: await photoWithExif() },
      ]);
      const head = `POST /api/user/image HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\nConnection: close\r\n\r\n`;
      const slow = await rawExchange(port, head, { body: body.payload, overMs: 3000 });
      expect(slow.text).toMatch(/^HTTP\/1\.1 201 /);
      expect(slow.ms).toBeGreaterThanOrEqual(2900);
    } finally {
      await app.close();
    }
  }, 20_000);
});
