import { MESSAGE_TEXT, messageSendInput } from '@evolution/shared';
import { sendMessage } from '../../../services/messages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Sends a message to one member or to a channel's active members (POST admin/message). */
export const sendMessageRoute = adminProcedure.input(typedInput(messageSendInput)).mutation(async ({ ctx, input }) => ({
  message: MESSAGE_TEXT.sent,
  data: (await sendMessage(ctx.svc, ctx.actor, input)).data,
}));
