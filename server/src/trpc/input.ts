import type { z } from 'zod';

/**
 * Types a procedure's input for the client while the service validates it: the same parse (and the same 422)
 * serves both tRPC and REST.
 */
export const typedInput =
  <S extends z.ZodType>(_schema: S) =>
  (raw: unknown) =>
    raw as z.input<S>;
