import { messageListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listSentMessages } from '../../../services/messages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Sent messages, newest first, 10 a page (GET admin/message). */
export const listMessagesRoute = adminProcedure
  .input(messageListInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listSentMessages(ctx.svc, input), '/api/admin/message'),
  );
