import { channelIdInput } from '@evolution/shared';
import { getChannel, listChannels } from '../../services/channels.ts';
import { publicProcedure, router } from '../../trpc/init.ts';

/** Channels and their plans are public: the subscribe pages show them to visitors. */
export const channelsRouter = router({
  list: publicProcedure.query(({ ctx }) => listChannels(ctx.svc)),
  get: publicProcedure.input(channelIdInput).query(({ ctx, input }) => getChannel(ctx.svc, input)),
});
