import { adminMemberWorkoutInput } from '@evolution/shared';
import { adminWorkoutResults } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every logged set of one of the member's evolutions, as GET admin/user/{id}/evolution/workout_results. */
export const workoutResultsRoute = adminProcedure
  .input(adminMemberWorkoutInput)
  .query(({ ctx, input }) => adminWorkoutResults(ctx.svc, input));
