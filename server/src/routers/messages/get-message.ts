import { messageIdInput } from '@evolution/shared';
import { openMessage } from '../../services/messages.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** One of the member's messages, marked read by opening it (GET user/message/{id}); a query, as the REST call is a GET. */
export const getMessageRoute = memberProcedure
  .input(messageIdInput)
  .query(({ ctx, input }) => openMessage(ctx.svc, input));
