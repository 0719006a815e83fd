import { adminMemberInput } from '@evolution/shared';
import { adminCalibrationResults } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's latest calibration, as GET admin/user/{id}/evolution/calibration. */
export const calibrationResultsRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => adminCalibrationResults(ctx.svc, input));
