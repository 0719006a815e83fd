import { setsInput } from '@evolution/shared';
import { updateSets } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Chooses a work-volume level, applied after the next volume-phase submission. */
export const updateSetsRoute = memberProcedure
  .input(setsInput)
  .mutation(({ ctx, input }) => updateSets(ctx.svc, input));
