import type { z } from 'zod';
import { DomainError, invalidInput, laravelMessage } from './errors.ts';

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

/** A NUL character anywhere in an input is a clear 422, never a database error (500): both doors check before parsing. */
export function rejectNulCharacters(input: unknown): void {
  const nul = nulCharacterPath(input);
  if (!nul) return;
  const field = (nul.split('.').at(-1) ?? nul).replace(/_/g, ' ');
  const fieldErrors = { [nul]: [`The ${field} may not contain a null character.`] };
  throw new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
}

/** Parses input against a schema or throws the 422 DomainError both surfaces answer with. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  rejectNulCharacters(input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error);
}
