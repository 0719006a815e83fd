import { catalogueIdInput, vo2LevelUpdateTrpcInput } from '@evolution/shared';
import { updateVo2Level } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Edits a VO2 max level; the ranges must still tile the scale (422 naming the neighbour otherwise). */
export const updateVo2LevelRoute = adminProcedure
  .input(typedInput(vo2LevelUpdateTrpcInput))
  .mutation(({ ctx, input }) => {
    const { id } = parseInput(catalogueIdInput, input);
    return updateVo2Level(ctx.em, id, input);
  });
