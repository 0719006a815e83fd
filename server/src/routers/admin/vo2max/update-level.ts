import { vo2LevelUpdateTrpcInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { updateVo2Level } from '../../../services/adminCatalogue.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Edits a VO2 max level; the ranges must still tile the scale (422 naming the neighbour otherwise). */
export const updateVo2LevelRoute = adminProcedure
  .input(vo2LevelUpdateTrpcInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateVo2Level(ctx.svc, input)));
