import { router } from '../../../trpc/init.ts';
import { getChannelRoute } from './get-channel.ts';
import { listChannelsRoute } from './list-channels.ts';
import { updateChannelRoute } from './update-channel.ts';

/** admin.channels: channel names and their plans' prices and on-sale flags. */
export const adminChannelsRouter = router({
  list: listChannelsRoute,
  get: getChannelRoute,
  update: updateChannelRoute,
});
