import { messageListInput } from '@evolution/shared';
import { listInbox } from '../../services/messages.ts';
import { paginate } from '../../services/pagination.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** The member's inbox, newest first, 10 a page (GET user/message). */
export const listInboxRoute = memberProcedure
  .input(typedInput(messageListInput))
  .query(async ({ ctx, input }) =>
    paginate(await listInbox(ctx.em, ctx.actor.user, input), `${ctx.config.appUrl}/api/user/message`),
  );
