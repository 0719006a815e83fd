import { submitPhaseInput } from '@evolution/shared';
import { maySubmit, submitPhase } from '../../services/training.ts';
import { bindRecord, memberProcedure } from '../../trpc/init.ts';

/** Submits the active phase; a resend with the same idempotency_key, or a retry of the same submit, is answered as the first one was. */
export const submitPhaseRoute = memberProcedure
  // Who may train is settled before the submission is read, as on the REST path.
  .use(bindRecord(maySubmit))
  .input(submitPhaseInput)
  .mutation(async ({ ctx, input }) => (await submitPhase(ctx.svc, input)).body);
