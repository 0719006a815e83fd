import { MESSAGE_TEXT, messageIdInput } from '@evolution/shared';
import { notFound } from '../../errors.ts';
import { openMessage } from '../../services/messages.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** One of the member's messages, marked read by opening it (GET user/message/{id}); a query, as the REST call is a GET. */
export const getMessageRoute = memberProcedure.input(typedInput(messageIdInput)).query(({ ctx, input }) => {
  const parsed = messageIdInput.safeParse(input);
  if (!parsed.success) throw notFound(MESSAGE_TEXT.notFound);
  return openMessage(ctx.em, ctx.actor.user, parsed.data.id);
});
