import { workoutResultsInput } from '@evolution/shared';
import { workoutResults } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Every logged set of an evolution (default the current one). */
export const workoutResultsRoute = memberProcedure
  .input(workoutResultsInput)
  .query(({ ctx, input }) => workoutResults(ctx.svc, input));
