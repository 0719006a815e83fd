import { ERROR_TEXT, TOAST_MS } from '@evolution/shared/constants';
import type { Notice } from '../components/ui/notifier.ts';

/** What the client reads from a failed call: the HTTP status, the server's message and Laravel's field errors. */
export interface ApiFailure {
  status: number | null;
  message: string;
  errors: Record<string, string[]> | null;
}

/** Reads a tRPC client error (or anything shaped like one). */
export function readFailure(error: unknown): ApiFailure {
  if (typeof error !== 'object' || error === null) return { status: null, message: String(error ?? ''), errors: null };
  const e = error as { message?: unknown; data?: { httpStatus?: unknown; errors?: unknown } | null };
  const status = typeof e.data?.httpStatus === 'number' ? e.data.httpStatus : null;
  const rawErrors = e.data?.errors;
  const errors = rawErrors && typeof rawErrors === 'object' ? (rawErrors as Record<string, string[]>) : null;
  return { status, message: typeof e.message === 'string' ? e.message : '', errors };
}

/** The field errors of a 422, first message per field, for forms that show them inline. */
export function fieldErrors(error: unknown): Record<string, string> {
  const { status, errors } = readFailure(error);
  if (status !== 422 || !errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

/**
 * The error catalogue of spec section 8, for every call: 422 the errors' messages joined by line breaks, 400 the
 * server's message, 401/403/404/500 the catalogue's texts; each a 3 s danger notice. Other statuses: nothing.
 */
export function apiErrorNotice(error: unknown): Notice | null {
  const { status, message, errors } = readFailure(error);
  const danger = (text: string): Notice => ({ message: text, variant: 'danger', duration: TOAST_MS.apiError });
  switch (status) {
    case 422: {
      const lines = errors
        ? Object.values(errors)
            .flatMap((m) => (Array.isArray(m) ? m : [m]))
            .filter((m) => typeof m === 'string')
        : [];
      return danger(lines.length ? lines.join('\n') : message);
    }
    case 400:
      return danger(message);
    case 401:
    case 403:
    case 404:
    case 500:
      return danger(ERROR_TEXT[status]);
    default:
      return null;
  }
}

/**
 * What a sign-in form says when it is throttled: the catalogue keeps 429 silent, but the form must still say why
 * nothing happened. Null for any other failure.
 */
export function throttleNotice(error: unknown): string | null {
  const failure = readFailure(error);
  return failure.status === 429 ? failure.message || 'Too many attempts. Please wait a minute and try again.' : null;
}
