import { adminMemberInput } from '@evolution/shared';
import { adminEvolution } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The member's channel, start date and place in the programme, as GET admin/user/{id}/evolution. */
export const evolutionRoute = adminProcedure
  .input(typedInput(adminMemberInput))
  .query(({ ctx, input }) => adminEvolution(ctx.svc, input));
