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
  /** Success answers by status. */
  response?: Record<number, z.ZodType | string>;
}

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;

/**
 * The OpenAPI description of a REST route, built from the same zod schemas the services validate with.
 * Documentation only: the REST plugin does not let Fastify validate or serialise with it.
 */
export function doc(d: RouteDoc, hasInput = Boolean(d.body || d.query || d.params || d.headers)): FastifySchema {
  const response: Record<number, unknown> = {};
  for (const [status, r] of Object.entries(d.response ?? { 200: 'OK' })) {
    response[Number(status)] =
      typeof r === 'string' ? { description: r, type: 'null' } : { description: 'OK', ...json(r, 'output') };
  }
  const errors = { description: 'Error', ...json(messageSchema, 'output') };
  if (hasInput) response[422] = { description: 'Validation failed', ...json(validationErrorSchema, 'output') };
  if (d.who !== 'public') response[401] = { ...errors, description: 'Unauthenticated.' };
  if (d.who === 'member' || d.who === 'admin')
    response[403] = { ...errors, description: 'This action is unauthorized.' };
  return {
    summary: d.summary,
    tags: d.tags,
    ...(d.who === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    ...(d.body ? { body: json(d.body, 'input') } : {}),
    ...(d.query ? { querystring: json(d.query, 'input') } : {}),
    ...(d.params ? { params: json(d.params, 'input') } : {}),
    ...(d.headers ? { headers: json(d.headers, 'input') } : {}),
    response,
  };
}

/** A route's schema for the document: the zod schemas Fastify validates with, as the JSON Schema of their input. */
function described(schema: FastifySchema): FastifySchema {
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const value = schema[part];
    if (value instanceof $ZodType) out[part] = json(value as z.ZodType, 'input');
  }
  if (out.headers) out.headers = withHeaderNames(out.headers as JsonObject);
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

/** Registers the generator and the docs page: /api/openapi.json and /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Evolution coaching REST API',
        version: '1.0.0',
        description:
          'Laravel-compatible REST surface. Send `Authorization: Bearer <access_token>` from POST /api/login.',
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Paths are documented relative to the /api server entry.
    transform: ({ schema, url }) => ({ schema: described(schema), url: url.replace(/^\/api/, '') }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
