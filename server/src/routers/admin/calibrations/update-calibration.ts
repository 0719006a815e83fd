import { calibrationUpdateTrpcInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { updateCalibration } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Edits a calibration (the PUT's fields plus its id). */
export const updateCalibrationRoute = adminProcedure
  .input(calibrationUpdateTrpcInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateCalibration(ctx.svc, input)));
