import { MESSAGE_TEXT, messageSendInput } from '@evolution/shared';
import { sendMessage } from '../../../services/messages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Sends a message to one member or to a channel's active members (POST admin/message). */
export const sendMessageRoute = adminProcedure.input(messageSendInput).mutation(async ({ ctx, input }) => ({
  message: MESSAGE_TEXT.sent,
  data: (await sendMessage(ctx.svc, input)).row,
}));
