import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { messageSchema, validationErrorSchema } from '@evolution/shared';

export type Who = 'public' | 'user' | 'member' | 'admin';

interface RouteDoc {
  summary: string;
  tags: string[];
  who: Who;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the route reads beyond Authorization (e.g. Idempotency-Key), as an object of optional strings. */
  headers?: z.ZodType;
  /** A multipart upload's fields (z.file() for a file): documentation only, the handler reads the stream itself. */
  upload?: z.ZodType;
  /** The 404 message of a path that names nothing. */
  notFound?: string;
  /** Answers by status: a zod schema of the body, or a text (media types for a file, a message for an error). */
  response?: Record<number, z.ZodType | string>;
}

/** What a route reads besides its documented parts: whether it has any input (422) and a path naming a record (404). */
interface RouteInputs {
  input: boolean;
  path: boolean;
}

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';
/** Every body the REST plugin reads (plugin.ts): a client may send any of them. */
const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The named schemas (zod's `.meta({ id })`) the routes' documentation refers to, by component name: zod puts each in
 * `$defs` where it meets it, and the document holds them once in components.schemas.
 */
const named = new Map<string, Json>();

const toJson = (schema: z.ZodType, io: Io) =>
  z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: withoutSafeIntegerBounds,
  }) as Json & {
    $defs?: Record<string, Json>;
  };

/** zod bounds every whole number by JavaScript's safe integers: true of any id or count, and 430 lines of noise. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Json }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** A schema as the document gives it: named parts as references to components.schemas, registered there. */
function json(schema: z.ZodType, io: Io): Json {
  const { $schema: _, $defs = {}, ...root } = toJson(schema, io);
  const names = new Map(Object.entries($defs).map(([key, body]) => [key, componentName(key, body, io)]));
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
          ? SCHEMAS + names.get(decodeURIComponent(v.slice('#/$defs/'.length)))
          : relink(v),
      ]),
    );
  };
  for (const [key, body] of Object.entries($defs)) remember(names.get(key)!, relink(body) as Json);
  const out = relink(root) as Json;
  return io === 'input' ? withRequiredAsServed(schema, out) : out;
}

/**
 * A named schema's component: its id, or `<id>Input` where what a client sends differs from what it is answered (a
 * default makes a field optional); a cycle with no id is named by its content.
 */
function componentName(key: string, body: Json, io: Io): string {
  if (key.startsWith('__schema'))
    return `Recursive${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 8)}`;
  if (io === 'output') return key;
  const registered = z.globalRegistry._idmap.get(key);
  const answered = registered && toJson(registered as z.ZodType, 'output').$defs?.[key];
  return isDeepStrictEqual(answered, body) ? key : `${key}Input`;
}

function remember(name: string, body: Json) {
  const known = named.get(name);
  if (known && !isDeepStrictEqual(known, body)) throw new Error(`Two different schemas are documented as ${name}`);
  named.set(name, body);
}

/**
 * An input object's `required` as the server applies it: a field it fills in itself when absent (a preprocess that
 * turns a missing social link into null) is not required, whatever the inner schema's own type says.
 */
function withRequiredAsServed(schema: z.ZodType, out: Json): Json {
  if (!Array.isArray(out.required)) return out;
  let parsed: ReturnType<z.ZodType['safeParse']>;
  try {
    parsed = schema.safeParse({});
  } catch {
    return out;
  }
  const missing = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]));
  const required = (out.required as string[]).filter((key) => missing.has(key));
  const { required: _, ...rest } = out;
  return required.length ? { ...rest, required } : rest;
}

/** The error answers every route may give, held once in components.responses (transformObject refers to them). */
const STANDARD_ERRORS: Record<number, { name: string; description: string; schema: string; headers?: Json }> = {
  400: {
    name: 'BadRequest',
    description: 'The body could not be read (malformed JSON or multipart)',
    schema: 'Message',
  },
  401: {
    name: 'Unauthenticated',
    description: 'Unauthenticated. (no token, or a revoked or expired one)',
    schema: 'Message',
  },
  403: {
    name: 'Forbidden',
    description: 'The caller may not do this (role, subscription or a switched-off feature: see the message)',
    schema: 'Message',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over the size limit', schema: 'Message' },
  415: { name: 'UnsupportedMediaType', description: 'A body type the API does not read', schema: 'Message' },
  422: {
    name: 'ValidationFailed',
    description: 'Validation failed: a message and, by field, what was wrong',
    schema: 'ValidationError',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts: wait for Retry-After seconds',
    schema: 'Message',
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      'X-RateLimit-Limit': { description: 'Attempts allowed in the window', schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { description: 'Attempts left (0)', schema: { type: 'integer' } },
      'X-RateLimit-Reset': {
        description: 'Unix time at which attempts are allowed again',
        schema: { type: 'integer' },
      },
    },
  },
};
/** Sent by a throttled call with its answer, as the throttle counted it. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { type: 'integer', description: 'Attempts allowed in the window' },
  'X-RateLimit-Remaining': { type: 'integer', description: 'Attempts left in the window' },
};
/** Sent with every 201 (rest/created.ts). */
const LOCATION_HEADER = { Location: { type: 'string', description: 'The address of what was created' } };
/** Answered by the REST plugin for any known path called with a method it does not take; documented once. */
const METHOD_NOT_ALLOWED = {
  description: 'The path exists but not with this method; Allow lists the methods it takes',
  headers: { Allow: { schema: { type: 'string' } } },
  content: { 'application/json': { schema: { $ref: `${SCHEMAS}Message` } } },
};

/** Any call's answer to a failure of the server itself: a lost database (503, while it is away) or a bug (500). */
const SERVER_ERROR = {
  description: 'The server failed: 503 with Retry-After while the database is unreachable, otherwise 500',
  headers: { 'Retry-After': { description: 'Seconds to wait (503)', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: `${SCHEMAS}Message` } } },
};

/** A documented answer, as @fastify/swagger reads it from a route schema's `response`. */
function answer(status: number, r: z.ZodType | string): Json {
  if (typeof r !== 'string') return { description: STATUS_CODES[status] ?? 'OK', ...json(r, 'output') };
  if (status >= 400) return { description: r, $ref: `${SCHEMAS}Message` };
  // A 2xx described by media types is a file of one of them; otherwise (304, a plain OK) the answer has no body.
  const types = r.split(/,\s*/);
  if (types.every((type) => /^[a-z]+\/[\w.+-]+$/.test(type)))
    return {
      description: status === 206 ? 'Part of the file (Content-Range)' : 'The file',
      content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  return { description: r, type: 'null' };
}

/**
 * The OpenAPI description of a REST route, built from the same zod schemas the services validate with.
 * Documentation only: the REST plugin does not let Fastify validate or serialise with it.
 */
export function doc(
  d: RouteDoc,
  has: RouteInputs = { input: Boolean(d.body || d.query || d.params || d.headers), path: Boolean(d.params) },
): FastifySchema {
  const response: Record<number, Json> = {};
  const errors = new Set<number>();
  for (const [key, r] of Object.entries(d.response ?? { 200: 'OK' })) {
    const status = Number(key);
    // A throttled route's 429 is the standard one, with its Retry-After.
    if (status === 429) errors.add(429);
    else response[status] = answer(status, r);
  }
  if (has.input || d.upload) errors.add(422);
  if (d.who !== 'public') errors.add(401);
  if (d.who === 'member' || d.who === 'admin') errors.add(403);
  if (has.path) response[404] ??= answer(404, d.notFound ?? 'Not found');
  // A throttled call says how many attempts it has left on every answer (rateLimitHeaders.ts); a 201 where it made.
  for (const [status, r] of Object.entries(response)) {
    const headers = { ...(status === '201' && LOCATION_HEADER), ...(errors.has(429) && RATE_LIMIT_HEADERS) };
    if (Number(status) < 300 && Object.keys(headers).length) response[Number(status)] = { ...r, headers };
  }
  return {
    summary: d.summary,
    tags: d.tags,
    ...(d.who === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    ...(d.body ? { body: json(d.body, 'input') } : {}),
    ...(d.query ? { querystring: json(d.query, 'input') } : {}),
    ...(d.params ? { params: json(d.params, 'input') } : {}),
    ...(d.headers ? { headers: json(d.headers, 'input') } : {}),
    ...(d.upload ? { upload: d.upload } : {}),
    response,
    'x-errors': [...errors],
  } as FastifySchema;
}

/** A route's schema for the document: the zod schemas Fastify validates with, as the JSON Schema of their input. */
function described(schema: FastifySchema & { upload?: z.ZodType }): FastifySchema {
  const { upload, ...rest } = schema;
  const out: Record<string, unknown> = { ...rest };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const value = schema[part];
    if (value instanceof $ZodType) out[part] = json(value as z.ZodType, 'input');
  }
  if (out.headers) out.headers = withHeaderNames(out.headers as JsonObject);
  if (upload) {
    out.body = json(upload, 'input');
    out.consumes = ['multipart/form-data'];
  } else if (out.body) out.consumes = BODY_TYPES;
  return out as FastifySchema;
}

type JsonObject = { properties?: Record<string, unknown>; required?: string[] };
/** Header names as clients write them (idempotency-key: Idempotency-Key); routes declare them as Node delivers them. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
function withHeaderNames(schema: JsonObject): JsonObject {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [headerName(k), v]));
  return { ...schema, properties, ...(schema.required && { required: schema.required.map(headerName) }) };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Methods whose body the server reads, so a malformed, too large or unknown body is answered before the route. */
const WITH_BODY = new Set<string>(['put', 'post', 'delete', 'patch']);

type Operation = Json & { responses?: Record<string, unknown>; 'x-errors'?: number[] };
type OpenApiDocument = Json & {
  paths?: Record<string, Record<string, unknown>>;
  components?: Json & { schemas?: Record<string, unknown> };
};

/** getUserMealGroupMealsByGroupId: the method, the fixed words of the path, then the parameters. */
function operationId(method: string, path: string): string {
  const pascal = (word: string) =>
    word
      .split(/[^A-Za-z0-9]+/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
  const parts = path.split('/').filter(Boolean);
  const fixed = parts.filter((p) => !p.startsWith('{')).map(pascal);
  const params = parts.filter((p) => p.startsWith('{')).map((p) => pascal(p.slice(1, -1)));
  return `${method}${fixed.join('')}${params.length ? `By${params.join('And')}` : ''}`;
}

/** @fastify/swagger leaves an answer's description in its schema too; the answer holds it once. */
function withoutRepeatedDescription(r: Json): Json {
  const content = r.content as Record<string, Json & { schema?: Json }> | undefined;
  if (!content) return r;
  const media = Object.entries(content).map(([type, m]) => {
    const { description, ...schema } = m.schema ?? {};
    return [type, description === r.description ? { ...m, schema } : m];
  });
  return { ...r, content: Object.fromEntries(media) };
}

type RequestBody = Json & { content: Record<string, Json & { schema?: Json }> };

/**
 * A request body's schema named once (PostLoginBody) for all its encodings: a generated client gets one type for it,
 * and the document holds it once. A body the same as one already named (PUT and PATCH of one route) shares its name.
 */
function namedBody(content: RequestBody['content'], id: string, bodies: Map<string, Json>): RequestBody['content'] {
  const first = Object.values(content)[0]?.schema;
  if (!first || first.$ref) return content;
  let name = [...bodies].find(([, known]) => isDeepStrictEqual(known, first))?.[0];
  if (!name) bodies.set((name = `${id.charAt(0).toUpperCase()}${id.slice(1)}Body`), first);
  const ref = { $ref: SCHEMAS + name };
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [
      type,
      { ...media, schema: isDeepStrictEqual(media.schema, first) ? ref : media.schema },
    ]),
  );
}

/** The names of the components a part of the document refers to. */
function refsIn(value: unknown, found: Set<string>, prefix: string): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found, prefix);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(prefix)) found.add(v.slice(prefix.length));
      else refsIn(v, found, prefix);
    }
  return found;
}

/**
 * The finished document: each operation its own object with a unique operationId (one route may serve two methods),
 * the standard errors as references to components.responses, and the named schemas it refers to.
 */
function finish(document: OpenApiDocument): OpenApiDocument {
  const ids = new Set<string>();
  const used = new Set<number>();
  const bodies = new Map<string, Json>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const { 'x-errors': errors = [], responses = {}, ...rest } = op;
      let id = operationId(method, path);
      for (let n = 2; ids.has(id); n++) id = `${operationId(method, path)}${n}`;
      ids.add(id);
      const statuses = new Set([...errors, ...(WITH_BODY.has(method) ? [400, 413, 415] : [])]);
      // A read-only personal access token is refused anything but a read.
      if (rest.security && method !== 'get') statuses.add(403);
      const all: Record<string, unknown> = { ...responses, default: { $ref: `${RESPONSES}ServerError` } };
      for (const status of statuses) {
        const standard = STANDARD_ERRORS[status];
        if (standard && !all[status]) {
          all[status] = { $ref: RESPONSES + standard.name };
          used.add(status);
        }
      }
      const sorted = Object.fromEntries(
        Object.entries(all)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, r]) => [status, withoutRepeatedDescription(r as Json)]),
      );
      const body = rest.requestBody as RequestBody | undefined;
      if (body) rest.requestBody = { ...body, content: namedBody(body.content, id, bodies) };
      item[method] = { operationId: id, ...rest, responses: sorted };
    }
  }
  const responses: Record<string, unknown> = { MethodNotAllowed: METHOD_NOT_ALLOWED, ServerError: SERVER_ERROR };
  for (const status of [...used].sort()) {
    const { name, description, schema, headers } = STANDARD_ERRORS[status]!;
    responses[name] = {
      description,
      ...(headers && { headers }),
      content: { 'application/json': { schema: { $ref: SCHEMAS + schema } } },
    };
  }
  // Every named schema reachable from the paths and responses, followed through the schemas that name others.
  const known = new Map([...named, ...bodies]);
  const reachable = refsIn([document.paths, responses], new Set(), SCHEMAS);
  for (const name of reachable) refsIn(known.get(name), reachable, SCHEMAS);
  const schemas = Object.fromEntries(
    [...reachable].sort().map((name) => {
      const body = known.get(name);
      if (!body) throw new Error(`The document refers to ${name}, which no route documents`);
      return [name, body];
    }),
  );
  return { ...document, components: { ...document.components, schemas, responses } };
}

/** Registers the generator and the docs page: /api/openapi.json and /api/docs/ (/api/docs redirects there). */
export async function registerOpenApi(app: FastifyInstance) {
  // The error bodies every route may answer with, named before any route refers to them.
  json(messageSchema, 'output');
  json(validationErrorSchema, 'output');
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Evolution coaching REST API',
        version: '1.0.0',
        description: [
          'Laravel-compatible REST surface. Send `Authorization: Bearer <token>`: the access_token of POST /api/login,',
          'or a personal access token made with POST /api/user/tokens.',
          'Bodies may be JSON, url-encoded or multipart (PHP-style field names such as `0[amount]`).',
          'Every update route takes PUT and PATCH alike, and a POST with `_method=PUT|PATCH|DELETE` is that call.',
          'A known path called with a method it does not take answers 405 with `Allow` (components.responses.MethodNotAllowed).',
        ].join(' '),
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A sign-in token (POST /api/login) or a personal access token, `<id>|<secret>`',
          },
        },
      },
    },
    // Paths are documented relative to the /api server entry.
    transform: ({ schema, url }) => ({ schema: described(schema), url: url.replace(/^\/api/, '') }),
    transformObject: (document) =>
      finish(('openapiObject' in document ? document.openapiObject : {}) as OpenApiDocument),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    uiHooks: {
      // The page's asset links are relative: without the trailing slash they miss and the page stays blank.
      onRequest: async (req, reply) => {
        const at = req.url.indexOf('?');
        const [path, query] = at === -1 ? [req.url, ''] : [req.url.slice(0, at), req.url.slice(at)];
        if (path === '/api/docs') return reply.redirect(`/api/docs/${query}`, 301);
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
