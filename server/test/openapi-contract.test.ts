import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { DEMO_ADMIN, DEMO_MEMBER, ensureAdmin, ensureDemoMember } from '../src/db/seed.ts';
import { newMember, rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp();

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
let spec: Json;
/** Every operation of the document, with its method and path. */
let operations: { method: string; path: string; op: Json }[];
/** Ajv with the document's components, to check answers against what the document says. */
let ajv: Ajv2020;

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  spec = JSON.parse(res.body);
  operations = Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
  ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'openapi.json', components: spec.components });
  const em = ctx.app.orm.em.fork();
  await ensureDemoMember(em, ctx.app.config);
  await ensureAdmin(em, ctx.app.config, DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.name);
});

/** The check of an answer's JSON body as the document describes it; null when it documents no JSON body. */
function answerValidator(method: string, path: string, status: number | string) {
  const schema = resolve(spec.paths[path][method].responses[status])?.content?.['application/json']?.schema;
  if (!schema) return null;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')));
}

/** Follows a `#/components/...` reference to what it names. */
const resolve = (value: Json): Json =>
  typeof value?.$ref === 'string'
    ? resolve(
        value.$ref
          .slice(2)
          .split('/')
          .reduce((at: Json | undefined, key: string) => at?.[key], spec) as Json,
      )
    : value;

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, found);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref') found.push(String(v));
      else refs(v, found);
    }
  return found;
}

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(spec.openapi).toBe('3.1.0');
    const result = await new Validator().validate(spec as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('gives every operation a unique operationId, made from its method and path', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(spec.paths['/user/meal/group/{groupId}/meals'].get.operationId).toBe('getUserMealGroupMealsByGroupId');
  });

  it('refers only to its own components, each of which exists', () => {
    const all = refs(spec);
    expect(all.filter((ref) => !/^#\/components\/(schemas|responses)\/\w+$/.test(ref))).toEqual([]);
    expect([...new Set(all)].filter((ref) => resolve({ $ref: ref }) === undefined)).toEqual([]);
  });

  it('names the entities, the paginated envelopes and the error bodies once, in components', () => {
    const schemas = spec.components.schemas as Json;
    const names = ['Message', 'ValidationError', 'PageMeta', 'PageLinks', 'PaginatedFlagRow', 'Flag', 'Meal'];
    expect(names.filter((name) => !schemas[name])).toEqual([]);
    // The pagination block is written once, not inlined in every list.
    const inlined = Object.entries({ ...spec.paths, ...schemas }).filter(([, v]) =>
      JSON.stringify(v).includes('last_page'),
    );
    expect(inlined.map(([name]) => name)).toEqual(['PageMeta']);
    const list = spec.paths['/user/assistance_flag'].get.responses[200].content['application/json'].schema;
    expect(list).toEqual({ $ref: '#/components/schemas/PaginatedFlagRow' });
    // The recursive trees refer to themselves by name.
    for (const [path, name] of [
      ['/admin/meal/group', 'MealGroup'],
      ['/user/meal/group', 'MealGroup'],
      ['/admin/page/category', 'PageCategory'],
    ] as const) {
      const answer = spec.paths[path].get.responses[200].content['application/json'].schema;
      expect(answer.properties.data.items).toEqual({ $ref: `#/components/schemas/${name}` });
      expect(schemas[name].properties.children.items).toEqual({ $ref: `#/components/schemas/${name}` });
    }
  });

  it('takes every body as JSON, url-encoded or multipart, and uploads as multipart files', () => {
    const withBody = operations.filter(({ op }) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(40);
    const uploads = ['/user/image', '/admin/meal/image', '/admin/page/image', '/admin/meal/video'];
    const encodings = Object.fromEntries(
      withBody.map(({ method, path, op }) => [`${method} ${path}`, Object.keys(op.requestBody.content).join(', ')]),
    );
    const expected = Object.fromEntries(
      withBody.map(({ method, path }) => [
        `${method} ${path}`,
        /\/(image|video)$/.test(path)
          ? 'multipart/form-data'
          : 'application/json, application/x-www-form-urlencoded, multipart/form-data',
      ]),
    );
    expect(encodings).toEqual(expected);
    for (const path of uploads) {
      const body = resolve(spec.paths[path].post.requestBody.content['multipart/form-data'].schema);
      const field = path.endsWith('video') ? 'video' : 'image';
      expect(body.required).toEqual([field]);
      expect(body.properties[field]).toMatchObject({ type: 'string', format: 'binary' });
      expect(resolve(spec.paths[path].post.responses[422])).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
      });
    }
    expect(
      resolve(spec.paths['/admin/meal/video'].post.requestBody.content['multipart/form-data'].schema),
    ).toMatchObject({
      properties: { video: { anyOf: [{ contentMediaType: 'video/mp4' }, { contentMediaType: 'video/webm' }] } },
    });
  });

  it('declares the errors each call can answer, with their bodies', () => {
    const messageBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } } };
    const login = spec.paths['/login'].post.responses;
    expect(Object.keys(login)).toEqual(['200', '400', '413', '415', '422', '429', 'default']);
    expect(resolve(login[400])).toMatchObject(messageBody);
    expect(resolve(login[429])).toMatchObject({
      ...messageBody,
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    });
    expect(login[200].headers).toHaveProperty('X-RateLimit-Remaining');
    const meal = spec.paths['/admin/meal/{id}'].get.responses;
    expect(Object.keys(meal)).toEqual(['200', '401', '403', '404', 'default']);
    expect(resolve(meal.default)).toMatchObject({ ...messageBody, headers: { 'Retry-After': {} } });
    expect(meal[404]).toMatchObject(messageBody);
    expect(resolve(meal[401])).toMatchObject(messageBody);
    // Every call: a success, 401 where a token is needed, 422 where it reads input beyond its path.
    const missing = operations.flatMap(({ method, path, op }) => {
      const statuses = Object.keys(op.responses);
      const needs = [
        ...(statuses.some((s) => s.startsWith('2')) ? [] : ['2xx']),
        ...(op.security && !statuses.includes('401') ? ['401'] : []),
        ...((op.requestBody || op.parameters?.some((p: Json) => p.in !== 'path')) && !statuses.includes('422')
          ? ['422']
          : []),
      ];
      return needs.map((status) => `${method} ${path}: ${status}`);
    });
    expect(missing).toEqual([]);
    expect(spec.components.responses.MethodNotAllowed.headers).toHaveProperty('Allow');
    // Every 201 says where what it made is; a file is a file.
    const created = operations.filter(({ op }) => op.responses[201]);
    expect(created.filter(({ op }) => !op.responses[201].headers?.Location).map(({ path }) => path)).toEqual([]);
    expect(Object.keys(spec.paths['/media/{id}'].get.responses[200].content)).toEqual([
      'image/jpeg',
      'video/mp4',
      'video/webm',
    ]);
  });

  it('requires of PUT /user/contact_details only the fields the server requires', async () => {
    const body = resolve(spec.paths['/user/contact_details'].put.requestBody.content['application/json'].schema);
    expect(body.required).toEqual([
      'address_line1',
      'address_line2',
      'city',
      'county',
      'postcode',
      'country',
      'telephone',
    ]);
    const member = (await rest(ctx.app, 'POST', '/api/register', { body: newMember() })).body;
    const address = { address_line1: '1 Road', address_line2: 'Flat 2', city: 'Bath', county: 'Somerset' };
    const saved = await rest(ctx.app, 'PUT', '/api/user/contact_details', {
      token: member.access_token,
      body: { ...address, postcode: 'BA1 1AA', country: 'United Kingdom', telephone: '01225 000000' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ twitter: null, instagram: null });
  });

  it('describes what every read answers, as the admin, the demo member or anyone', async () => {
    const token = async (who: { email: string; password: string }) =>
      (await rest(ctx.app, 'POST', '/api/login', { body: { email: who.email, password: who.password } })).body
        .access_token as string;
    const [member, admin] = [await token(DEMO_MEMBER), await token(DEMO_ADMIN)];
    const problems: string[] = [];
    // Every GET but the sign-out, its path's values the first the schema allows (1 for an id).
    for (const { path, op } of operations.filter((o) => o.method === 'get' && o.path !== '/logout')) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const param = op.parameters.find((p: Json) => p.in === 'path' && p.name === name);
        return String(param?.schema?.enum?.[0] ?? 1);
      });
      const caller = path.startsWith('/admin/') ? admin : op.security ? member : undefined;
      const res = await rest(ctx.app, 'GET', `/api${url}`, { token: caller });
      if (!op.responses[res.status]) problems.push(`GET ${url}: ${res.status} is not documented`);
      else if (res.headers['content-type']?.startsWith('application/json')) {
        const valid = answerValidator('get', path, res.status);
        if (!valid?.(res.body))
          problems.push(`GET ${url} ${res.status}: ${JSON.stringify(valid?.errors ?? 'no JSON body')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the docs page', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

/** A third party's program: the generated types and openapi-fetch, nothing of this repository. */
const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.ts';

const client = createClient<paths>({ baseUrl: \`\${process.env.API_BASE}/api\` });

const login = await client.POST('/login', {
  body: { email: process.env.DEMO_EMAIL ?? '', password: process.env.DEMO_PASSWORD ?? '', remember: false },
});
if (!login.data?.access_token) throw new Error(\`login answered \${login.response.status}\`);
const headers = { authorization: \`Bearer \${login.data.access_token}\` };

const me = await client.GET('/user', { headers });
const name: string | undefined = me.data?.name;

const flags = await client.GET('/user/assistance_flag', { params: { query: { page: 2 } }, headers });
const page: number | undefined = flags.data?.meta.current_page;
const rows: components['schemas']['FlagRow'][] | undefined = flags.data?.data;

const refused = await client.POST('/user/assistance_flag', { body: { subject: '', message: 'Help' }, headers });
const errors: Record<string, string[]> | undefined =
  refused.error && 'errors' in refused.error ? refused.error.errors : undefined;

const channel = await client.GET('/channel/{id}', { params: { path: { id: 1 } } });
const channelName: string | undefined = channel.data?.data.name;

console.log(JSON.stringify({
  name,
  page,
  rows: rows?.length,
  refused: refused.response.status,
  errors,
  channel: channelName,
  answers: [
    ['post', '/login', login.response.status, login.data],
    ['get', '/user', me.response.status, me.data],
    ['get', '/user/assistance_flag', flags.response.status, flags.data],
    ['post', '/user/assistance_flag', refused.response.status, refused.error],
    ['get', '/channel/{id}', channel.response.status, channel.data],
  ],
}));
`;

describe('a client generated from the document', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evolution-openapi-client-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('typechecks with openapi-fetch and runs against the server', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // openapi-typescript's Node API, as a third party would run its command line.
    writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(structuredClone(spec) as never)));
    writeFileSync(join(dir, 'client.ts'), CLIENT_PROGRAM);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2023',
          module: 'nodenext',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['client.ts'],
      }),
    );
    // The program's packages are the repository's: openapi-fetch and @types/node.
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const run = promisify(execFile);
    const tsc = await run(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'tsconfig.json')]).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout, failed: true }),
    );
    expect(tsc.stdout).toBe('');

    const { stdout } = await run(process.execPath, [join(dir, 'client.ts')], {
      env: { ...process.env, API_BASE: base, DEMO_EMAIL: DEMO_MEMBER.email, DEMO_PASSWORD: DEMO_MEMBER.password },
    });
    const { answers, ...seen } = JSON.parse(stdout);
    expect(seen).toEqual({
      name: DEMO_MEMBER.name,
      page: 2,
      rows: 0,
      refused: 422,
      errors: { subject: [expect.any(String)] },
      channel: expect.any(String),
    });
    // What the server answered is what the document says it answers.
    const refused = (answers as [string, string, number, unknown][]).flatMap(([method, path, status, body]) => {
      const valid = answerValidator(method, path, status);
      return valid?.(body) ? [] : [{ method, path, status, errors: valid?.errors }];
    });
    expect(refused).toEqual([]);
  });
});
