import { adminMemberInput } from '@evolution/shared';
import { adminContactDetails } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's contact form, as GET admin/user/{id}/contact_details. */
export const contactDetailsRoute = adminProcedure
  .input(adminMemberInput)
  .query(({ ctx, input }) => adminContactDetails(ctx.svc, input));
