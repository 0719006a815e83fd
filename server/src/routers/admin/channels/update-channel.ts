import { catalogueIdInput, channelUpdateTrpcInput } from '@evolution/shared';
import { updateAdminChannel } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Renames a channel and sets its plans' prices and on-sale flags. */
export const updateChannelRoute = adminProcedure
  .input(typedInput(channelUpdateTrpcInput))
  .mutation(({ ctx, input }) => {
    const { id } = parseInput(catalogueIdInput, input);
    return updateAdminChannel(ctx, id, input);
  });
