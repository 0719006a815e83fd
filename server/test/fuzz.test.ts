import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helpers/database.ts';
import { createFixtures, type Account, type Fixtures } from './authz/fixtures.ts';
import { MATRIX_PUSH_HOST, restMatrix, trpcMatrix, type Call, type Caller, type Row } from './authz/matrix.ts';
import { refusalShapeProblem, sendRest, sendTrpc } from './authz/request.ts';
import { malformedInput, malformedParams, malformedQuery, notAMediaFile } from './fuzz/malformed.ts';
import { restSchemas, trpcSchemas, trpcUploads, type RestSchemas } from './fuzz/schemas.ts';
import { changedTables, tableSums, type TableSums } from './fuzz/tables.ts';

/**
 * Property-based fuzzing of every REST route and tRPC procedure that takes a body or parameters: fast-check makes
 * inputs from each call's valid example and keeps only those its zod schema refuses, then sends them through
 * app.inject. Every answer must be a refusal (4xx, never 5xx) in the documented shape, and no table may change.
 * FUZZ_SEED reproduces a run (fast-check's seed); FUZZ_TOTAL sets how many requests in all.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_500);
/** Uploads cost a multipart encoding each (and tRPC ones a real HTTP call): fewer of them. */
const UPLOAD_RUNS = 12;
/** Requests in flight at once within a target. */
const CONCURRENCY = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'evolution-fuzz-'));
// The matrix's valid examples (its push devices among them) must be valid here too.
const ctx = useTestApp({ dataDir, pushEndpointHosts: [MATRIX_PUSH_HOST] });
let fx: Fixtures;

/** One request to send: the call (some part of it malformed) and, for broken transport, the raw injection. */
interface Probe {
  call: Call;
  raw?: Partial<InjectOptions>;
}

interface Target {
  surface: 'rest' | 'trpc';
  name: string;
  /** Who sends it: the callers the matrix lets through (member A, the admin, anonymous for public calls). */
  callers: Caller[];
  probes: (valid: Call) => fc.Arbitrary<Probe>;
  upload: boolean;
}

/** The callers a row lets through; a member's registration-with-plan takes another body, so that one is fuzzed anonymously. */
function allowed(name: string, row: Row): Caller[] {
  if (name.endsWith('register/subscription')) return ['anonymous'];
  return (['member', 'admin', 'anonymous'] as Caller[]).filter((who) => row.expect[who] < 400);
}

const brokenJson = fc.constantFrom(
  '{"email": ',
  'not json',
  '[1, 2',
  '{"a": "\\u00"}',
  '\u0000',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__": {"admin": true}}x',
);

/** Transport that breaks before any schema: bad JSON, or a content type nobody reads. */
function brokenTransport(valid: Call): fc.Arbitrary<Probe> {
  return fc.oneof(
    brokenJson.map((payload) => ({
      call: { ...valid, body: undefined, upload: undefined, headers: { 'content-type': 'application/json' } },
      raw: { payload },
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      )
      .map((type) => ({
        call: { ...valid, body: undefined, upload: undefined, headers: { 'content-type': type } },
        raw: { payload: type.includes('urlencoded') ? '0[amount]=x&a[__proto__][b]=1&%%=1' : 'garbage' },
      })),
  );
}

function restProbes(schemas: RestSchemas): (valid: Call) => fc.Arbitrary<Probe> {
  return (valid) => {
    const parts: fc.Arbitrary<Probe>[] = [];
    if (schemas.params && valid.params)
      parts.push(malformedParams(schemas.params, valid.params).map((params) => ({ call: { ...valid, params } })));
    const queries =
      schemas.query && malformedQuery(schemas.query, (valid.query ?? {}) as Record<string, string | number>);
    if (queries) parts.push(queries.map((query) => ({ call: { ...valid, query } })));
    if (schemas.body)
      parts.push(
        malformedInput(schemas.body, valid.body ?? {}).map((body) => ({ call: { ...valid, body: body ?? null } })),
      );
    if (schemas.raw) parts.push(fc.jsonValue({ maxDepth: 3 }).map((body) => ({ call: { ...valid, body } })));
    if (schemas.upload) {
      const field = schemas.upload;
      parts.push(
        fc
          .record({
            name: fc.constantFrom(field, field, 'file', 'photo'),
            data: notAMediaFile(field),
            type: fc.constantFrom('image/jpeg', 'video/mp4', 'application/octet-stream', 'text/html'),
          })
          .map(({ name: fieldName, data, type }) => ({
            call: {
              ...valid,
              upload: {
                files: [{ name: fieldName, filename: `upload.${field === 'image' ? 'jpg' : 'mp4'}`, type, data }],
              },
            },
          })),
      );
    }
    // Unknown query keys are ignored by design, so only a body's transport can be broken.
    if (!schemas.body) return fc.oneof(...parts);
    return fc.oneof({ weight: 12, arbitrary: fc.oneof(...parts) }, { weight: 1, arbitrary: brokenTransport(valid) });
  };
}

function trpcProbes(name: string): (valid: Call) => fc.Arbitrary<Probe> {
  const kind = name.split(' ')[0];
  const path = name.split(' ')[1]!;
  if (trpcUploads[name]) {
    return (valid) =>
      fc
        .record({ data: notAMediaFile('image'), kind: fc.constantFrom('meal_image', 'page_video', 'avatar', '') })
        .map(({ data, kind: mediaKind }) => ({
          call: {
            upload: {
              fields: (valid.upload?.fields ? { kind: mediaKind } : {}) as Record<string, string>,
              files: [{ name: 'image', filename: 'upload.jpg', type: 'image/jpeg', data }],
            },
          },
        }));
  }
  const schema = trpcSchemas[name]!;
  return (valid) => {
    const broken: fc.Arbitrary<Probe> =
      kind === 'query'
        ? brokenJson.map((text) => ({ call: valid, raw: { url: `/trpc/${path}?input=${encodeURIComponent(text)}` } }))
        : brokenTransport(valid);
    return fc.oneof(
      { weight: 12, arbitrary: malformedInput(schema, valid.input).map((input) => ({ call: { input } })) },
      { weight: 1, arbitrary: broken },
    );
  };
}

/** Whether a REST call has an input that can be refused (a lone page query reads anything as page 1). */
const refusable = (schemas: RestSchemas) =>
  Boolean(schemas.params || schemas.body || schemas.raw || schemas.upload) ||
  (schemas.query !== undefined && malformedQuery(schemas.query, {}) !== null);

const targets: Target[] = [
  ...Object.entries(restSchemas)
    .filter(([, schemas]) => refusable(schemas))
    .map(([name, schemas]) => ({
      surface: 'rest' as const,
      name,
      callers: allowed(name, restMatrix[name]!),
      probes: restProbes(schemas),
      upload: !!schemas.upload,
    })),
  ...[...Object.keys(trpcSchemas), ...Object.keys(trpcUploads)].map((name) => ({
    surface: 'trpc' as const,
    name,
    callers: allowed(name, trpcMatrix[name]!),
    probes: trpcProbes(name),
    upload: !!trpcUploads[name],
  })),
];
const uploads = targets.filter((t) => t.upload).length;
const runsEach = Math.ceil((TOTAL - uploads * UPLOAD_RUNS) / (targets.length - uploads));

const account = (who: Caller): Account | null =>
  ({ anonymous: null, member: fx.memberA, otherMember: fx.memberB, admin: fx.admin })[who];
const valid = new Map<string, Call>();
let baseline: TableSums;
const sent = { requests: 0, statuses: new Map<number, number>(), ms: 0 };

beforeAll(async () => {
  fx = await createFixtures(ctx.app);
  // tRPC uploads travel as FormData over real HTTP.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // Each target's valid example, as its first allowed caller would send it (records it names are made now).
  for (const t of targets) {
    const row = (t.surface === 'rest' ? restMatrix : trpcMatrix)[t.name]!;
    valid.set(
      `${t.surface} ${t.name}`,
      (await row.call?.({ fx, who: t.callers[0]!, account: account(t.callers[0]!) })) ?? {},
    );
  }
  // Mail queued by the fixtures is sent by the worker: wait until nothing is left so that changes nothing later.
  const queued = async () =>
    Number(
      (
        await ctx.app.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>('select count(*)::int as n from graphile_worker.jobs')
      )[0]!.n,
    );
  await vi.waitFor(
    async () => {
      if ((await queued()) > 0) throw new Error('mail still queued');
    },
    { timeout: 20_000, interval: 50 },
  );
  baseline = await tableSums(ctx.app);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('fuzzing with malformed requests', () => {
  it('covers every REST route and tRPC procedure with a body or parameters', () => {
    // A body: any method but GET; parameters: a ':name' in the path or a query in the matrix call; tRPC: an input.
    const takesInput = (name: string, row: Row) =>
      name.startsWith('subscription ')
        ? false
        : name.includes(' /')
          ? !/^(GET|OPTIONS) /.test(name) || name.includes('/:') || /query:/.test(String(row.call))
          : /input:|upload:/.test(String(row.call));
    // Calls whose only input reads any value are covered: there is nothing to refuse.
    const fuzzed = new Set([...targets.map((t) => t.name), ...Object.keys(restSchemas)]);
    // PUT and PATCH on an update route are one route's options (rest/methods.ts): fuzzing one covers its twin.
    const twin = (name: string) => name.replace(/^(PUT|PATCH) /, (_, m: string) => (m === 'PUT' ? 'PATCH ' : 'PUT '));
    const missing = [...Object.entries(restMatrix), ...Object.entries(trpcMatrix)]
      .filter(([name, row]) => takesInput(name, row) && !fuzzed.has(name) && !fuzzed.has(twin(name)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it.each(targets.map((t, i) => [`${t.surface} ${t.name}`, t, i] as const))('%s', async (_label, target, index) => {
    const example = valid.get(`${target.surface} ${target.name}`)!;
    const probes = fc.sample(target.probes(example), {
      numRuns: target.upload ? UPLOAD_RUNS : runsEach,
      seed: SEED + index,
    });
    const problems: string[] = [];
    const started = performance.now();
    const send = async (probe: Probe, i: number) => {
      const who = target.callers[i % target.callers.length]!;
      const token = account(who)?.token ?? null;
      const answer =
        target.surface === 'rest'
          ? await sendRest(ctx.app, target.name, probe.call, token, probe.raw)
          : await sendTrpc(ctx.app, target.name, probe.call, token, probe.raw);
      sent.requests += 1;
      sent.statuses.set(answer.status, (sent.statuses.get(answer.status) ?? 0) + 1);
      const shown = () =>
        JSON.stringify({ who, ...probe.call, upload: probe.call.upload ? '<file>' : undefined, raw: probe.raw }).slice(
          0,
          400,
        );
      if (answer.status >= 500) problems.push(`${answer.status} for ${shown()}: ${answer.text.slice(0, 200)}`);
      else if (answer.status < 400) problems.push(`accepted (${answer.status}) ${shown()}`);
      else {
        const shape = refusalShapeProblem(target.surface, answer);
        if (shape) problems.push(`${answer.status} not in the documented shape (${shape}) for ${shown()}`);
      }
    };
    // A few at a time, as clients would: the database works while the next request is parsed.
    for (let i = 0; i < probes.length && problems.length < 5; i += CONCURRENCY) {
      await Promise.all(probes.slice(i, i + CONCURRENCY).map((probe, j) => send(probe, i + j)));
    }
    sent.ms += performance.now() - started;
    const after = await tableSums(ctx.app);
    const changed = changedTables(baseline, after);
    baseline = after;
    expect({ problems, changed }).toEqual({ problems: [], changed: [] });
  });

  it(`sent at least 10,000 malformed requests in all`, () => {
    console.log(
      `fuzz: ${sent.requests} requests in ${(sent.ms / 1000).toFixed(1)} s over ${targets.length} targets; statuses ${JSON.stringify(Object.fromEntries([...sent.statuses].sort()))}`,
    );
    expect(sent.requests).toBeGreaterThanOrEqual(Math.min(TOTAL, 10_000));
  });
});
