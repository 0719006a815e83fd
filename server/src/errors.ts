/** The one error catalogue both surfaces map from: a domain code and its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors in Laravel's shape: dot paths to messages. */
export type FieldErrors = Record<string, string[]>;

/** A failure the client may see: its message is safe to show. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, opts: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {}) {
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
