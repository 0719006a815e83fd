import { SERVER_MESSAGE } from '@evolution/shared';
import { TRPCError, tracked, type TRPCSubscriptionProcedure } from '@trpc/server';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LONGEST_TIMER_MS } from '../../config.ts';
import { authenticate } from '../../services/auth.ts';
import { liveEventsFor, type LiveOutput } from '../../services/live.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** tRPC's httpSubscriptionLink sends back the id of the last event the client had when it reconnects. */
const liveEventsInput = z.object({ lastEventId: z.string().max(100).nullish() }).optional();

// Event ids name this instance and a counter: unique across instances, so a client's lastEventId says only "resumed".
const instance = randomUUID().slice(0, 8);
let counter = 0;

/**
 * The signed-in caller's live events over server-sent events: `{ topic, id }` for a flag or message of theirs (every
 * admin gets admins' events), `{ topic: 'resync' }` when some may have been missed. Ends with a retryable error when
 * the server closes (the client reconnects), and with 401 when the token expires or is revoked (logout, password change).
 */
// Typed by hand: the inferred type names tRPC's internal TrackedData, which declaration files cannot import.
export const liveEventsRoute: TRPCSubscriptionProcedure<{
  input: z.input<typeof liveEventsInput>;
  output: AsyncIterable<{ id: string; data: LiveOutput }, void, unknown>;
  meta: object;
}> = authedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
  const resumed = !!input?.lastEventId;
  // A remember-me token lasts 30 days, past the longest timer: capped, as a stream never lives that long anyway
  // (sse.maxDurationMs).
  const untilExpiry = AbortSignal.timeout(Math.min(LONGEST_TIMER_MS, Math.max(0, ctx.actor.exp * 1000 - Date.now())));
  const until = signal ? AbortSignal.any([untilExpiry, signal]) : untilExpiry;
  for await (const event of liveEventsFor(ctx.live, ctx.actor.user, until, resumed)) {
    // The token is checked again before each event, on a fresh fork (the request's identity map would hold the user
    // as they were): a logout or a password change ends a stream that is already open.
    const stillValid = await authenticate({ ...ctx.svc, em: ctx.em.fork() }, ctx.bearer ?? '').then(
      () => true,
      () => false,
    );
    if (!stillValid) throw new TRPCError({ code: 'UNAUTHORIZED', message: SERVER_MESSAGE.unauthenticated });
    yield tracked(`${instance}-${++counter}`, event);
  }
  // How the stream ends tells the client what to do: a normal end would stop it for good.
  if (ctx.live.closed.aborted)
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The server is restarting.' });
  if (untilExpiry.aborted) throw new TRPCError({ code: 'UNAUTHORIZED', message: SERVER_MESSAGE.unauthenticated });
  // The client left, or the stream reached its longest life (sse.maxDurationMs): an abort ends it quietly and the
  // browser's EventSource, if still there, reconnects (authenticating again).
  signal?.throwIfAborted();
});
