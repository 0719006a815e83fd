import { pageInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listAdminChannels } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The channels with their plans, paged like GET admin/channel. */
export const listChannelsRoute = adminProcedure
  .input(pageInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await listAdminChannels(ctx.svc, input), '/api/admin/channel'),
  );
