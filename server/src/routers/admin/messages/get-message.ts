import { messageIdInput } from '@evolution/shared';
import { getSentMessage } from '../../../services/messages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { messageId } from './messageId.ts';

/** A sent message and who has read it, when (GET admin/message/{id}). */
export const getMessageRoute = adminProcedure
  .input(typedInput(messageIdInput))
  .query(({ ctx, input }) => getSentMessage(ctx.em, messageId(input)));
