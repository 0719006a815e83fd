import { phaseListInput } from '@evolution/shared';
import { listTrackPhases } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** The phases of a track (general: of `version`, default the current one) with the active one marked. */
export const listPhasesRoute = memberProcedure
  .input(typedInput(phaseListInput))
  .query(({ ctx, input }) => listTrackPhases(ctx.svc, ctx.actor, input));
