import { catalogueIdInput } from '@evolution/shared';
import { getVo2Level } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One VO2 max level: { data }, 404 for an unknown id. */
export const getVo2LevelRoute = adminProcedure
  .input(typedInput(catalogueIdInput))
  .query(({ ctx, input }) => getVo2Level(ctx.em, parseInput(catalogueIdInput, input).id));
