import fc from 'fast-check';
import type { z } from 'zod';
import { nulCharacterPath } from '../../src/validation.ts';

/** What JSON makes of a value (undefined dropped, -0 and NaN changed): what the server will actually parse. */
const overJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null');

/**
 * True when the server could accept the input: the schema takes `input ?? {}` (as parseInput does) and no NUL
 * character is left in what it keeps (parseInput refuses one anywhere; a call that parses its id alone ignores one in
 * a key it drops, so such an input counts as accepted and is not sent).
 */
function accepted(schema: z.ZodType, input: unknown): boolean {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success && !nulCharacterPath(parsed.data) && !namesNothing(schema, parsed.data);
}

/**
 * True when a record id the schema reads as 0 (shared recordId: an id that can name no record) is 0 in what it parsed:
 * such a call names nothing, and the service's 404 refuses it.
 */
function namesNothing(schema: z.ZodType, parsed: unknown): boolean {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape || typeof parsed !== 'object' || parsed === null) return false;
  const fields = parsed as Record<string, unknown>;
  return Object.entries(shape).some(([key, field]) => field.def.type === 'catch' && fields[key] === 0);
}

/** True when the schema refuses the path or query, or what it parsed names no record. */
const refused = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return !parsed.success || namesNothing(schema, parsed.data);
};

/** Texts that have broken parsers before: empty, blank, NUL, numbers in disguise, injections, lone surrogates, huge. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '00',
  '1.5',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '9007199254740993',
  '99999999999999999999999',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '\uD800',
  '🏋️‍♀️',
  '\u202Eevil',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  ' 1 ',
  '1,2',
  '[]',
  '{}',
  'x'.repeat(5000),
  '9'.repeat(400),
);

/** Any value of any JSON kind, plus texts and numbers chosen to break validation. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
      fc.double(),
      fc.constant(Number.MAX_SAFE_INTEGER + 2),
      fc.constant(-1),
      fc.constant(0),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

type Path = (string | number)[];

/** Every path inside a value down to its leaves (object keys and array indexes), the root excluded. */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...paths(v, [...prefix, k])]);
}

type Mutation =
  | { kind: 'set'; path: Path; value: unknown }
  | { kind: 'delete'; path: Path }
  | { kind: 'add'; key: string; value: unknown };

function apply(valid: unknown, mutations: Mutation[]): unknown {
  const copy = structuredClone(valid) as Record<string | number, unknown>;
  for (const m of mutations) {
    if (m.kind === 'add') {
      if (copy && typeof copy === 'object')
        Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    let node: any = copy;
    for (const key of m.path.slice(0, -1)) node = node?.[key];
    if (!node || typeof node !== 'object') continue;
    const last = m.path.at(-1)!;
    if (m.kind === 'delete') {
      if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
      else delete node[last];
    } else {
      node[last] = m.value;
    }
  }
  return copy;
}

/**
 * Inputs that are not `valid` any more: the whole input swapped for another kind of value, or one to three of its
 * fields changed to a wrong value, removed, or joined by an unknown or prototype-named key. Only inputs the schema
 * refuses are kept, so no request can be an accidental valid write.
 */
export function malformedInput(schema: z.ZodType, valid: unknown): fc.Arbitrary<unknown> {
  const inside = paths(valid);
  const mutation: fc.Arbitrary<Mutation> = inside.length
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            kind: fc.constant('set' as const),
            path: fc.constantFrom(...inside),
            value: wrongValue,
          }),
        },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...inside) }) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('add' as const),
            key: fc.oneof(
              fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'user_id'),
              fc.string({ maxLength: 8 }),
            ),
            value: wrongValue,
          }),
        },
      )
    : fc.record({
        kind: fc.constant('add' as const),
        key: fc.constantFrom('__proto__', 'id', 'page', 'x'),
        value: wrongValue,
      });
  return fc
    .oneof(
      { weight: 1, arbitrary: wrongValue },
      { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => apply(valid, ms)) },
    )
    .map(overJson)
    .filter((input) => !accepted(schema, input));
}

/** A path or query value as sent in a URL: texts only, the ones that break ids and enums most. */
const urlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyText.filter((t) => t.length < 400) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.integer({ min: -5, max: 0 }),
        fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }),
        fc.double({ noNaN: false }),
      )
      .map(String),
  },
);

/** Path params with one of them made malformed (checked against the params schema, as the route checks it). */
export function malformedParams(
  schema: z.ZodType,
  valid: Record<string, string | number>,
): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(valid);
  const base = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
  return (
    fc
      .record({ name: fc.constantFrom(...names), value: urlText })
      .map(({ name, value }) => ({ ...base, [name]: value }))
      // An empty segment is another route (the wrong-method or missing-route answer): still a refusal, kept.
      .filter((params) => refused(schema, params))
  );
}

/** A query string with a malformed or repeated (array) value, checked against the query schema. */
export function malformedQuery(
  schema: z.ZodType,
  valid: Record<string, string | number>,
): fc.Arbitrary<Record<string, string | string[]>> | null {
  const keys = [...new Set([...Object.keys(valid), ...Object.keys((schema as { shape?: object }).shape ?? {})])];
  const base = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
  if (!keys.length) keys.push('page');
  const queries = fc
    .record({
      key: fc.constantFrom(...keys),
      value: fc.oneof(
        { weight: 4, arbitrary: urlText },
        { weight: 1, arbitrary: fc.array(urlText, { minLength: 2, maxLength: 3 }) },
      ),
    })
    .map(({ key, value }) => ({ ...base, [key]: value as string | string[] }));
  // A query that reads anything (a page falls back to page 1, as Laravel's paginator does) has nothing to refuse:
  // filtering for refusals would never end.
  if (!fc.sample(queries, { numRuns: 500, seed: 1 }).some((query) => refused(schema, query))) return null;
  return queries.filter((query) => refused(schema, query));
}

/**
 * Bytes that are no picture and no video: random, or a format's magic number followed by junk. Pictures are decoded
 * (junk after a JPEG header is refused); videos are recognised by their header only, so a video header followed by
 * junk is left to the upload tests (an MP4 'ftyp' box followed by junk is stored today: checking more would mean
 * decoding the video).
 */
export function notAMediaFile(field: 'image' | 'video'): fc.Arbitrary<Buffer> {
  const magic =
    field === 'image'
      ? ['\xFF\xD8\xFF\xE0', '\x89PNG\r\n\x1A\n', 'RIFF\0\0\0\0WEBP', 'GIF89a', '<svg', '\0\0\0\x18ftypmp42']
      : ['\xFF\xD8\xFF\xE0', '\x89PNG\r\n\x1A\n', 'GIF89a', '<svg', 'PK\x03\x04', '\x1AE\xDF\xA3'];
  return fc.oneof(
    fc.uint8Array({ minLength: 0, maxLength: 2048 }).map((b) => Buffer.from(b)),
    fc
      .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 512 }))
      .map(([head, rest]) => Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(rest)])),
  );
}
