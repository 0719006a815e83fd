import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomIp } from '../helpers/api.ts';
import { uploadBody, type Call } from './matrix.ts';

/** An answer as the matrix and the fuzzing read it: status, raw text and the JSON body when there is one. */
export interface Answer {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A path segment percent-encoded byte by byte (a lone surrogate goes as its UTF-8 replacement, as a browser sends it). */
const segment = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** The path of a REST route key with its params filled in ('*' is taken as it is, names are encoded). */
function restUrl(route: string, call: Call): string {
  const [, pattern = ''] = route.split(' ');
  const params = call.params ?? {};
  let url = pattern.replace(/:(\w+)/g, (_, name: string) => segment(String(params[name] ?? '')));
  if (url.endsWith('*')) url = url.slice(0, -1) + String(params['*'] ?? '');
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(call.query ?? {})) for (const one of [v].flat()) search.append(k, String(one));
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** The answer of app.inject. */
async function injected(app: FastifyInstance, req: InjectOptions): Promise<Answer> {
  const res = await app.inject(req);
  return {
    status: res.statusCode,
    text: res.body,
    json: parse(res.body),
    contentType: String(res.headers['content-type'] ?? ''),
  };
}

/** The answer of a real HTTP call. */
async function fetched(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, text, json: parse(text), contentType: res.headers.get('content-type') ?? '' };
}

/** Sends a REST call ('METHOD /path') through app.inject, as `token` when given. */
export async function sendRest(
  app: FastifyInstance,
  route: string,
  call: Call,
  token: string | null,
  extra: Partial<InjectOptions> = {},
): Promise<Answer> {
  const method = route.split(' ')[0] as InjectOptions['method'];
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...call.headers };
  const req: InjectOptions = { method, url: restUrl(route, call), remoteAddress: randomIp(), headers, ...extra };
  if (call.upload) {
    const body = await uploadBody(call.upload);
    req.payload = body.payload;
    Object.assign(headers, body.headers);
  } else if (call.body !== undefined && extra.payload === undefined) {
    req.payload = JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  return injected(app, req);
}

/**
 * Sends a tRPC call ('query x' as GET with ?input=, 'mutation x' as POST). An upload goes as FormData over real HTTP
 * (the app must be listening): tRPC reads a multipart body from Node's own request, which app.inject does not make.
 */
export async function sendTrpc(
  app: FastifyInstance,
  procedure: string,
  call: Call,
  token: string | null,
  extra: Partial<InjectOptions> = {},
): Promise<Answer> {
  const [kind, path] = procedure.split(' ') as [string, string];
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...call.headers };
  const { port } = (app.server.address() ?? { port: 0 }) as AddressInfo;
  if (kind !== 'query' && extra.payload !== undefined && /^multipart\//i.test(headers['content-type'] ?? '')) {
    // A raw multipart body also needs Node's own request (see above).
    return fetched(
      await fetch(`http://127.0.0.1:${port}/trpc/${path}`, { method: 'POST', body: String(extra.payload), headers }),
    );
  }
  if (call.upload) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.upload.fields ?? {})) form.append(name, value);
    for (const f of call.upload.files)
      form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
    return fetched(await fetch(`http://127.0.0.1:${port}/trpc/${path}`, { method: 'POST', body: form, headers }));
  }
  const req: InjectOptions = {
    method: kind === 'query' ? 'GET' : 'POST',
    url: `/trpc/${path}`,
    remoteAddress: randomIp(),
    headers,
    ...extra,
  };
  if (kind === 'query') {
    if (call.input !== undefined && !extra.url) req.url += `?input=${encodeURIComponent(JSON.stringify(call.input))}`;
  } else if (extra.payload === undefined) {
    req.payload = JSON.stringify(call.input ?? {});
    headers['content-type'] ??= 'application/json';
  }
  return injected(app, req);
}

/**
 * Why a refusal is not in the documented shape, or null when it is. REST: Laravel's `{message, errors?}` with errors
 * a map of field to messages. tRPC: `{error: {message, code, data: {code, httpStatus, path, errors}}}` whose httpStatus
 * is the answer's status.
 */
export function refusalShapeProblem(surface: 'rest' | 'trpc', answer: Answer): string | null {
  const body = answer.json as Record<string, any> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return `not a JSON object: ${answer.text.slice(0, 200)}`;
  if (surface === 'rest') {
    const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'errors');
    if (typeof body.message !== 'string' || !body.message) return `no message: ${answer.text.slice(0, 200)}`;
    if (extra.length) return `unexpected keys ${extra.join(', ')}`;
    if (body.errors !== undefined) {
      const fieldsOk =
        body.errors &&
        typeof body.errors === 'object' &&
        Object.values(body.errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
      if (!fieldsOk) return `errors is not a map of field to messages: ${JSON.stringify(body.errors).slice(0, 200)}`;
    }
    return null;
  }
  const error = body.error as Record<string, any> | undefined;
  if (!error || typeof error.message !== 'string') return `no error.message: ${answer.text.slice(0, 200)}`;
  if (error.data?.httpStatus !== answer.status)
    return `data.httpStatus ${error.data?.httpStatus} is not the status ${answer.status}`;
  if (typeof error.data?.code !== 'string') return 'no data.code';
  return null;
}
