import type { z } from 'zod';
import { notFound } from '../errors.ts';

/** A path that names nothing (a bad id or an unknown track) is a 404, as Laravel's route binding answers. */
export function pathParams<S extends z.ZodType>(schema: S, params: unknown, missing?: string): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(missing);
  return parsed.data;
}
