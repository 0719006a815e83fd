import type { z } from 'zod';
import { DomainError, laravelMessage, type FieldErrors } from './errors.ts';

/** Turns zod issues into Laravel's errors object, nested fields in dot form (entries.0.amount). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The dot path of the first string holding a NUL character (which PostgreSQL cannot store), or null. */
export function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses input against a schema or throws the 422 DomainError both surfaces answer with. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // Every input passes here: a NUL character anywhere is a clear 422, never a database error (500).
  const nul = nulCharacterPath(input);
  if (nul) {
    const field = (nul.split('.').at(-1) ?? nul).replace(/_/g, ' ');
    const fieldErrors = { [nul]: [`The ${field} may not contain a null character.`] };
    throw new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = zodFieldErrors(result.error);
  throw new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
}
