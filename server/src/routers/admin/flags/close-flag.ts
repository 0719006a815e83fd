import { flagIdInput } from '@evolution/shared';
import { closeAsCoach } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A coach closes a flag (GET admin/assistance_flag/{id}/done); again is harmless. */
export const closeFlagRoute = adminProcedure
  .input(flagIdInput)
  .mutation(({ ctx, input }) => closeAsCoach(ctx.svc, input));
