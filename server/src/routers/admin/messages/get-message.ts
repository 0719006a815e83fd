import { messageIdInput } from '@evolution/shared';
import { getSentMessage } from '../../../services/messages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A sent message and who has read it, when (GET admin/message/{id}). */
export const getMessageRoute = adminProcedure
  .input(messageIdInput)
  .query(({ ctx, input }) => getSentMessage(ctx.svc, input));
