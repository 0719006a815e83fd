import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { laravelMessage } from '../../src/errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A REST call through app.inject, with an optional bearer token. */
export async function rest(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { body?: unknown; token?: string | undefined; headers?: Record<string, string>; ip?: string } = {},
) {
  const req: InjectOptions = {
    method,
    url,
    remoteAddress: opts.ip ?? randomIp(),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  };
  if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
  const res = await app.inject(req);
  return { status: res.statusCode, headers: res.headers, body: res.body ? (safeJson(res.body) as any) : null };
}

/** A tRPC call over HTTP (unbatched): queries as GET with ?input=, mutations as POST. */
export async function trpc(
  app: FastifyInstance,
  kind: 'query' | 'mutation',
  path: string,
  input?: unknown,
  token?: string,
  ip = randomIp(),
) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const res =
    kind === 'query'
      ? await app.inject({
          method: 'GET',
          remoteAddress: ip,
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          remoteAddress: ip,
          url: `/trpc/${path}`,
          headers,
          payload: (input ?? {}) as InjectOptions['payload'],
        });
  const body = safeJson(res.body) as any;
  return { status: res.statusCode, headers: res.headers, data: body?.result?.data, error: body?.error };
}

/** A browser's CORS preflight: OPTIONS `url` from `origin`, asking leave to send `method` with the headers named. */
export async function corsPreflight(
  app: FastifyInstance,
  url: string,
  request: { origin: string; method: Method; headers: string },
) {
  const res = await app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: request.origin,
      'access-control-request-method': request.method,
      'access-control-request-headers': request.headers,
    },
  });
  return { status: res.statusCode, headers: res.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The address part of PUT /api/user/contact_details, every field the form requires. */
export const contactAddress = {
  address_line1: '1 High Street',
  address_line2: 'Flat 2',
  city: 'Bath',
  county: 'Somerset',
  postcode: 'BA1 1AA',
  country: 'United Kingdom',
  telephone: '01225 000000',
};

let counter = 0;
/** A fresh member registration payload with a unique email. */
export function newMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `member${Date.now()}${counter}@example.com`;
  return { email, name: `Member ${counter}`, password: 'secret-pass', confirm_password: 'secret-pass', ...overrides };
}

/** A newcomer's registration with a plan (POST /api/register/subscription): the billing address and a card that pays. */
export const subscriberRegistration = (overrides: Record<string, unknown> = {}) =>
  newMember({
    address_line1: '1 High Street',
    city: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 1AA',
    country: 'United Kingdom',
    telephone: '01225 000000',
    channel_id: 1,
    plan_id: 1,
    nonce: 'pm_card_visa',
    ...overrides,
  });

/** Each call comes from its own address unless a test pins one, so per-address throttles only bite where tested. */
export const randomIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 254) + 1;

/** A fresh admin account (created through the seed's ensureAdmin) signed in through POST /api/login. */
export async function signedInAdmin(app: FastifyInstance): Promise<{ email: string; token: string; userId: number }> {
  const { ensureAdmin } = await import('../../src/db/seed.ts');
  const email = `admin${Date.now()}${Math.random().toString(36).slice(2)}@example.com`;
  await ensureAdmin(app.orm.em.fork(), app.config, email, 'admin-pass-123');
  const res = await rest(app, 'POST', '/api/login', { body: { email, password: 'admin-pass-123' } });
  return { email, token: res.body.access_token as string, userId: res.body.user_id as number };
}

/** A REST answer is Laravel's 422: exactly `{ message, errors }`, the message summarising the field errors given. */
export function expectFieldErrors(res: { status: number; body: unknown }, errors: Record<string, string[]>) {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 422,
    body: { message: laravelMessage(errors), errors },
  });
}
