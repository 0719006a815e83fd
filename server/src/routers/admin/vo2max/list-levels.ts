import { pageInput } from '@evolution/shared';
import { listVo2Levels } from '../../../services/adminCatalogue.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The VO2 max levels by rank, paged like GET admin/vo2max. */
export const listVo2LevelsRoute = adminProcedure
  .input(typedInput(pageInput))
  .query(async ({ ctx, input }) =>
    paginate(await listVo2Levels(ctx.em, input), `${ctx.config.appUrl}/api/admin/vo2max`),
  );
