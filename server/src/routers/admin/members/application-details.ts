import { adminMemberInput } from '@evolution/shared';
import { adminApplicationDetails } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's PAR-Q (null before it is sent); the read is audited. */
export const applicationDetailsRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => adminApplicationDetails(ctx.svc, ctx.actor, input));
