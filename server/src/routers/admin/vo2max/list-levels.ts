import { pageInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listVo2Levels } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The VO2 max levels by rank, paged like GET admin/vo2max. */
export const listVo2LevelsRoute = adminProcedure
  .input(pageInput)
  .query(async ({ ctx, input }) => pageAnswer(ctx.origin, await listVo2Levels(ctx.svc, input), '/api/admin/vo2max'));
