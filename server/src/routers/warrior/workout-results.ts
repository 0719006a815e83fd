import { workoutResultsInput } from '@evolution/shared';
import { workoutResults } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** Every logged set of an evolution (default the current one). */
export const workoutResultsRoute = memberProcedure
  .input(typedInput(workoutResultsInput))
  .query(({ ctx, input }) => workoutResults(ctx.svc, ctx.actor.user, input));
