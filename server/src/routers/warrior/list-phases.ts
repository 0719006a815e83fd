import { phaseListInput } from '@evolution/shared';
import { listTrackPhases } from '../../services/training.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The phases of a track (general: of `version`, default the current one) with the active one marked. */
export const listPhasesRoute = memberProcedure
  .input(phaseListInput)
  .query(({ ctx, input }) => listTrackPhases(ctx.svc, input));
