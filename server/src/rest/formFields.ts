import type { FastifyRequest } from 'fastify';
import { DomainError, validationError } from '../errors.ts';

/** Keys that would reach an object's prototype; never written. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Sets a form field named the PHP way into an object: `weight` → {weight}, `0[amount]` → {0: {amount}},
 * `a[b][c]` → {a: {b: {c}}}. Names that do not parse, or that would touch a prototype, are ignored.
 */
export function setFormField(target: Record<string, unknown>, name: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return;
  const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  if (path.some((k) => k === '' || UNSAFE.has(k))) return;
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node = (node[key] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

/** Multipart bodies already read into their fields (readFormFields), with the first file field each one carried. */
const readForms = new WeakMap<FastifyRequest, { fields: Record<string, unknown>; file: string | null }>();

/**
 * A multipart body's fields folded into one object by their PHP names; its files are read through and left out (the
 * first one's field name is kept for formBody's refusal). Read once: a second call answers the first reading.
 */
export async function readFormFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  const known = readForms.get(req);
  if (known) return known.fields;
  const form = { fields: {} as Record<string, unknown>, file: null as string | null };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        await part.toBuffer();
        form.file ??= part.fieldname;
      } else {
        setFormField(form.fields, part.fieldname, part.value);
      }
    }
  } catch (err) {
    // A body that is not the multipart it claims (busboy's 'Unexpected end of form') is the client's error, not a 500.
    if (err instanceof DomainError || ((err as { statusCode?: number }).statusCode ?? 500) < 500) throw err;
    throw new DomainError('BAD_REQUEST', 'The multipart body could not be read.');
  }
  readForms.set(req, form);
  return form.fields;
}

/**
 * The body of a form post: multipart fields folded into one object (files are refused: images go through
 * POST user/image first), or the JSON body as sent.
 */
export async function formBody(req: FastifyRequest): Promise<unknown> {
  if (!req.isMultipart()) return req.body;
  const fields = await readFormFields(req);
  const file = readForms.get(req)?.file ?? null;
  if (file !== null)
    throw validationError(file, 'Files are not accepted here: upload images with POST user/image and send their ids.');
  return fields;
}
