import { catalogueIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getVo2Level } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One VO2 max level: { data }, 404 for an unknown id. */
export const getVo2LevelRoute = adminProcedure
  .input(catalogueIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getVo2Level(ctx.svc, input)));
