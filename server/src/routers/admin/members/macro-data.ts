import { adminMemberInput } from '@evolution/shared';
import { adminMacroData } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's macro figures (not gated by plan or micro_data for admins); the read is audited. */
export const macroDataRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => adminMacroData(ctx.svc, input));
