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

/** Parses input against a schema or throws the 422 DomainError both surfaces answer with. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = zodFieldErrors(result.error);
  throw new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
}
