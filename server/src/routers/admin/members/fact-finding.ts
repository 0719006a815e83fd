import { adminMemberInput } from '@evolution/shared';
import { adminFactFinding } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's fact-find with desired_body_fat (null before it is sent); the read is audited. */
export const factFindingRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => adminFactFinding(ctx.svc, input));
