import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the server can be reached, as React Query sees it (its onlineManager pauses calls while offline and resumes
 * them after). The browser's own word is not enough in a gym basement: with one bar of signal, or none after a reload,
 * `navigator.onLine` may still say true. So a call that gets no answer at all also marks the app offline, and a light
 * probe of /healthz marks it online again once the server answers.
 */
const PROBE_MS = 5_000;
let probe: ReturnType<typeof setInterval> | null = null;

function stopProbe() {
  if (probe) clearInterval(probe);
  probe = null;
}

/** A request got no answer (not an HTTP error: no answer at all): the app goes offline until the server answers again. */
function reportNoAnswer(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  probe ??= setInterval(() => {
    fetch('/healthz', { cache: 'no-store' }).then(
      (res) => {
        // Any answer means the network is back (a 503 while an instance drains included).
        if (res.status > 0) {
          stopProbe();
          onlineManager.setOnline(true);
        }
      },
      () => undefined,
    );
  }, PROBE_MS);
}

/** The browser said it is online again (its 'online' event, which React Query also hears): no more probing. */
onlineManager.subscribe((online) => {
  if (online) stopProbe();
});

/** fetch for the API clients: a request that gets no answer (not one the member cancelled) marks the app offline. */
export const watchedFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!init?.signal?.aborted) reportNoAnswer();
    throw error;
  }
};
