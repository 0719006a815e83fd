import { adminMemberInput } from '@evolution/shared';
import { adminContactDetails } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's contact form, as GET admin/user/{id}/contact_details. */
export const contactDetailsRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => adminContactDetails(ctx.svc, input));
