import { factFindingInput } from '@evolution/shared';
import { submitFactFinding } from '../../services/setup.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Setup step 2 (fact-find), which ends setup; 409 when the member is not on that step. */
export const submitFactFindingRoute = memberProcedure
  .input(factFindingInput)
  .mutation(({ ctx, input }) => submitFactFinding(ctx.svc, input));
