import { catalogueIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getCalibration } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One calibration: { data }, 404 for an unknown id. */
export const getCalibrationRoute = adminProcedure
  .input(catalogueIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getCalibration(ctx.svc, input)));
