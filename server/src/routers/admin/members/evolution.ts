import { adminMemberInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { adminEvolution } from '../../../services/adminMembers.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The member's channel, start date and place in the programme, as GET admin/user/{id}/evolution. */
export const evolutionRoute = adminProcedure
  .input(adminMemberInput)
  .query(async ({ ctx, input }) => dataAnswer(await adminEvolution(ctx.svc, input)));
