import { adminMemberInput } from '@evolution/shared';
import { adminCalibrationResults } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's latest calibration, as GET admin/user/{id}/evolution/calibration. */
export const calibrationResultsRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => adminCalibrationResults(ctx.svc, input));
