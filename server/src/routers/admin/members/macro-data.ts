import { adminMemberInput } from '@evolution/shared';
import { adminMacroData } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's macro figures (not gated by plan or micro_data for admins); the read is audited. */
export const macroDataRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => adminMacroData(ctx.svc, ctx.actor, input));
