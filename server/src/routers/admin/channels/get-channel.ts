import { catalogueIdInput } from '@evolution/shared';
import { getAdminChannel } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One channel with its plans: { data }, 404 for an unknown id. */
export const getChannelRoute = adminProcedure
  .input(typedInput(catalogueIdInput))
  .query(({ ctx, input }) => getAdminChannel(ctx.em, parseInput(catalogueIdInput, input).id));
