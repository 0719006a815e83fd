import { trackInput } from '@evolution/shared';
import { getActivePhase } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's active phase on a track: exercises, repeats, rounds, page and phase type. */
export const getPhaseRoute = memberProcedure
  .meta({ actorReads: { forms: true } })
  .input(trackInput)
  .query(({ ctx, input }) => getActivePhase(ctx.svc, input));
