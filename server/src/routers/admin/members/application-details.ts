import { adminMemberInput } from '@evolution/shared';
import { adminApplicationDetails } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's PAR-Q (null before it is sent); the read is audited. */
export const applicationDetailsRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => adminApplicationDetails(ctx.svc, input));
