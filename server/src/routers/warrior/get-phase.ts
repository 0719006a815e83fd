import { trackInput } from '@evolution/shared';
import { getActivePhase } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** The member's active phase on a track: exercises, repeats, rounds, page and phase type. */
export const getPhaseRoute = memberProcedure
  .meta({ actorReads: { forms: true } })
  .input(typedInput(trackInput))
  .query(({ ctx, input }) => getActivePhase(ctx.svc, ctx.actor, input));
