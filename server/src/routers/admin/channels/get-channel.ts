import { catalogueIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getAdminChannel } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One channel with its plans: { data }, 404 for an unknown id. */
export const getChannelRoute = adminProcedure
  .input(catalogueIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getAdminChannel(ctx.svc, input)));
