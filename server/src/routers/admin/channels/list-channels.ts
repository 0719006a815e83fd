import { pageInput } from '@evolution/shared';
import { listAdminChannels } from '../../../services/adminCatalogue.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The channels with their plans, paged like GET admin/channel. */
export const listChannelsRoute = adminProcedure
  .input(typedInput(pageInput))
  .query(async ({ ctx, input }) =>
    paginate(await listAdminChannels(ctx.em, input), `${ctx.config.appUrl}/api/admin/channel`),
  );
