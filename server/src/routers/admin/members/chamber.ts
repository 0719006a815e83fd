import { adminMemberChamberInput } from '@evolution/shared';
import { adminChamber } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Page n of the member's evolution chamber, photos included; the read is audited. */
export const chamberRoute = adminProcedure
  .input(adminMemberChamberInput)
  .query(({ ctx, input }) => adminChamber(ctx.svc, input));
