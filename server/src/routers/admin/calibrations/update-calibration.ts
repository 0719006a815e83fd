import { calibrationUpdateTrpcInput, catalogueIdInput } from '@evolution/shared';
import { updateCalibration } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Edits a calibration (the PUT's fields plus its id). */
export const updateCalibrationRoute = adminProcedure
  .input(typedInput(calibrationUpdateTrpcInput))
  .mutation(({ ctx, input }) => {
    const { id } = parseInput(catalogueIdInput, input);
    return updateCalibration(ctx.em, id, input);
  });
