import { messageListInput } from '@evolution/shared';
import { listSentMessages } from '../../../services/messages.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Sent messages, newest first, 10 a page (GET admin/message). */
export const listMessagesRoute = adminProcedure
  .input(typedInput(messageListInput))
  .query(async ({ ctx, input }) =>
    paginate(await listSentMessages(ctx.em, input), `${ctx.config.appUrl}/api/admin/message`),
  );
