import { channelUpdateTrpcInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { updateAdminChannel } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Renames a channel (and its plans named after it) and sets its plans' prices and on-sale flags. */
export const updateChannelRoute = adminProcedure
  .input(channelUpdateTrpcInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateAdminChannel(ctx.svc, input)));
