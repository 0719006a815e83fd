import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';

/** The one error catalogue both surfaces map from: a domain code and its HTTP status. */
const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors in Laravel's shape: dot paths to messages. */
export type FieldErrors = Record<string, string[]>;

/** A failure the client may see: its message is safe to show. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fieldErrors = opts.fieldErrors;
    this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Laravel's summary line: the first message, plus "(and N more errors)". */
export function laravelMessage(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
}

/** A 422 for one field, e.g. "email has already been taken". */
export function validationError(field: string, message: string): DomainError {
  const fieldErrors = { [field]: [message] };
  return new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
}

export const notFound = (what = 'Not Found.') => new DomainError('NOT_FOUND', what);

/** True when an insert or update was refused by the named unique constraint (PostgreSQL names it in the error). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return (
    err instanceof UniqueConstraintViolationException && (err as { constraint?: unknown }).constraint === constraint
  );
}

/** What a client is told while the database cannot be reached; the request changed nothing and may be sent again. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client is asked to wait before retrying a request refused because the database was unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

// SQLSTATE classes and codes that mean "the database went away", not "the request was wrong": 08 connection
// exception, 53300 too many connections, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now.
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|53300|57P0[1-3])$/;
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// What `pg` and its pool say about a connection that broke or could not be made (they set no code for these).
const CONNECTION_MESSAGE =
  /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|timeout exceeded when trying to connect|terminating connection due to|the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/i;

/**
 * True when an error (or an error it wraps) says the database could not be reached or dropped the connection: the
 * request is answered 503 with Retry-After rather than 500, since it will work once the database is back.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as Error).name === 'ConnectionException') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
    if (typeof (e as Error).message === 'string' && CONNECTION_MESSAGE.test((e as Error).message)) return true;
  }
  return false;
}

/** The 503 a request gets while the database is unreachable: a safe message and a Retry-After. */
const databaseUnavailable = () =>
  new DomainError('UNAVAILABLE', UNAVAILABLE_MESSAGE, {
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });

/** Turns zod issues into Laravel's errors object, nested fields in dot form (entries.0.amount). */
function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A failed parse as the 422 both doors answer with (REST's Laravel body, tRPC's data.errors). */
export function invalidInput(error: z.ZodError): DomainError {
  const fieldErrors = zodFieldErrors(error);
  return new DomainError('VALIDATION', laravelMessage(fieldErrors), { fieldErrors });
}

/** The domain error an error stands for: itself, a 503 for a lost database, or null (an unexpected failure: a 500). */
export function asDomainError(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  // An input that failed its schema at either door (tRPC's .input(), a REST route's schema): our 422.
  if (err instanceof z.ZodError) return invalidInput(err);
  return isDatabaseUnavailable(err) ? databaseUnavailable() : null;
}
