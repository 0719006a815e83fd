import { catalogueIdInput } from '@evolution/shared';
import { getCalibration } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One calibration: { data }, 404 for an unknown id. */
export const getCalibrationRoute = adminProcedure
  .input(typedInput(catalogueIdInput))
  .query(({ ctx, input }) => getCalibration(ctx.em, parseInput(catalogueIdInput, input).id));
