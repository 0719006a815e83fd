import { messageListInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { listInbox } from '../../services/messages.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's inbox, newest first, 10 a page (GET user/message). */
export const listInboxRoute = memberProcedure
  .input(messageListInput)
  .query(async ({ ctx, input }) => pageAnswer(ctx.origin, await listInbox(ctx.svc, input), '/api/user/message'));
