import { flagCreateInput } from '@evolution/shared';
import { openFlag } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Opens a flag (POST user/assistance_flag); the same submit twice opens one. */
export const openFlagRoute = memberProcedure
  .input(flagCreateInput)
  .mutation(({ ctx, input }) => openFlag(ctx.svc, input));
