import { submitPhaseInput } from '@evolution/shared';
import { submitPhase } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** Submits the active phase; a resend with the same idempotency_key, or a retry of the same submit, is answered as the first one was. */
export const submitPhaseRoute = memberProcedure
  .input(typedInput(submitPhaseInput))
  .mutation(async ({ ctx, input }) => (await submitPhase(ctx.svc, ctx.actor, input)).body);
