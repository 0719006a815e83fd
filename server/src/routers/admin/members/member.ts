import { adminMemberInput } from '@evolution/shared';
import { memberSummary } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Who the record belongs to (name and email); 404 for an admin's id or nobody's. */
export const memberRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => memberSummary(ctx.svc, input));
