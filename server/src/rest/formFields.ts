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

interface ReadForm {
  fields: Record<string, unknown>;
  /** The field name of the first file the body carried, or null. */
  file: string | null;
}

/** Each multipart body's one reading (readFormFields), kept so a later reader gets its fields, or its error, again. */
const readForms = new WeakMap<FastifyRequest, Promise<ReadForm>>();

/**
 * A multipart body's fields folded into one object by their PHP names; its files are read through unkept (the
 * first one's field name is kept for formBody's refusal). Read once: a second call answers the first reading.
 */
export async function readFormFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  let reading = readForms.get(req);
  if (!reading) readForms.set(req, (reading = readForm(req)));
  return (await reading).fields;
}

async function readForm(req: FastifyRequest): Promise<ReadForm> {
  const form: ReadForm = { fields: {}, file: null };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // Only its name is wanted: its bytes are dropped as they arrive, never held (one over the limit still fails).
        part.file.resume();
        form.file ??= part.fieldname;
      } else {
        setFormField(form.fields, part.fieldname, part.value);
      }
    }
  } catch (err) {
    throw asMultipartError(err);
  }
  return form;
}

/**
 * What reading a multipart body threw, as the client's error when it is theirs: a body that is not the multipart it
 * claims (no boundary, busboy's 'Unexpected end of form') is a 400, not a 500. Our own errors pass through as they are.
 */
export function asMultipartError(err: unknown): unknown {
  if (err instanceof DomainError || ((err as { statusCode?: number }).statusCode ?? 500) < 500) return err;
  return new DomainError('BAD_REQUEST', 'The multipart body could not be read.');
}

/**
 * The body of a form post: multipart fields folded into one object (files are refused: images go through
 * POST user/image first), or the JSON body as sent.
 */
export async function formBody(req: FastifyRequest): Promise<unknown> {
  if (!req.isMultipart()) return req.body;
  const fields = await readFormFields(req);
  const { file } = await readForms.get(req)!;
  if (file !== null)
    throw validationError(file, 'Files are not accepted here: upload images with POST user/image and send their ids.');
  return fields;
}
