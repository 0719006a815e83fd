import { applicationDetailsInput } from '@evolution/shared';
import { submitApplicationDetails } from '../../services/setup.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Setup step 1 (PAR-Q); 409 when the member is not on that step. */
export const submitApplicationDetailsRoute = memberProcedure
  .input(applicationDetailsInput)
  .mutation(({ ctx, input }) => submitApplicationDetails(ctx.svc, input));
