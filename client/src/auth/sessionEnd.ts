import { TOAST_MS } from '@evolution/shared/constants';
import type { Notice } from '../components/ui/notifier.ts';
import { authStore } from './store.ts';

/** What the login screen says to a member whose session ended under them. */
export const SESSION_ENDED_NOTICE: Notice = {
  message: 'Your session has ended. Please log in again.',
  variant: 'warning',
  duration: TOAST_MS.medium,
};

/** The calls of one screen fail together: the 401s after the first belong to the session already ended. */
const SETTLE_MS = 5_000;
/** How long the notice waits for the move to the login screen before it is said where the member is. */
const STAY_MS = 1_000;
let endedAt = Number.NEGATIVE_INFINITY;

/**
 * A call made with `sentToken` answered 401: that token expired or was revoked (a logout elsewhere, a password change).
 * When it is still the stored one, the session is cleared, so the navigation rules send the member to /login with the
 * redirect query, as for a missing token, and the login returns them to where they were; the login screen says why. A
 * 401 for a token already replaced (a call sent before a password change answered) leaves the new session alone.
 */
export function endSessionRefusing(
  sentToken: string | null,
  show: (n: Notice) => unknown,
  now: number = Date.now(),
): boolean {
  if (!sentToken || sentToken !== authStore.get().token) return false;
  endedAt = now;
  authStore.clear();
  // Said on the screen the rules go to next (the login), or on this one if it stays open to visitors (a plan list).
  let said = false;
  const say = () => {
    if (said) return;
    said = true;
    removeEventListener('hashchange', say);
    show(SESSION_ENDED_NOTICE);
  };
  addEventListener('hashchange', say);
  setTimeout(say, STAY_MS);
  return true;
}

/**
 * Whether a 401 the error catalogue hears needs no notice of its own: the session it belonged to has just ended (the
 * login screen says so), or it was sent with a token since replaced. A visitor's 401 still gets the catalogue's text.
 */
export function unauthorisedHandled(now: number = Date.now()): boolean {
  return authStore.get().token !== null || now - endedAt < SETTLE_MS;
}

/** The bearer token a request was sent with. */
function sentToken(init: RequestInit | undefined): string | null {
  const header = new Headers(init?.headers).get('authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Whether an API answer refuses its token: a 401, or a tRPC batch (207) in which a call answered 401. */
async function refusesToken(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 207) return false;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  return (
    Array.isArray(body) &&
    body.some((item) => (item as { error?: { data?: { httpStatus?: unknown } } })?.error?.data?.httpStatus === 401)
  );
}

/** Wraps the API clients' fetch: an answer refusing the stored token ends the session before any screen hears of it. */
export function endingSessionOn401(
  fetcher: typeof fetch,
  show: (n: Notice) => unknown,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const res = await fetcher(input, init);
    if (await refusesToken(res)) endSessionRefusing(sentToken(init), show);
    return res;
  };
}
