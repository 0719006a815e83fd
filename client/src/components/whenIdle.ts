/** How long the browser may stay busy before deferred work runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser is idle (at most `timeoutMs` later; after a short timer where there is no
 * requestIdleCallback): for what a screen does not need to paint. Answers the cancel.
 */
export function whenIdle(work: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
