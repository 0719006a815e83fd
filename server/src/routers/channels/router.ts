import { channelIdInput } from '@evolution/shared';
import { getChannel, listChannels } from '../../services/channels.ts';
import { publicProcedure, router } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** Channels and their plans are public: the subscribe pages show them to visitors. */
export const channelsRouter = router({
  list: publicProcedure.query(({ ctx }) => listChannels(ctx.em)),
  get: publicProcedure
    .input(typedInput(channelIdInput))
    .query(({ ctx, input }) => getChannel(ctx.em, parseInput(channelIdInput, input).id)),
});
