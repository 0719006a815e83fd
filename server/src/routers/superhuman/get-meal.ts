import { elixirPhaseInput, mealIdInput } from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import { elixirPhase, getMeal } from '../../services/nutrition.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** A meal with its ingredients per serving, picture and nutrition. */
export const getMealRoute = memberProcedure
  .input(mealIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getMeal(ctx.svc, input)));

/** Phase 1 to 4 of the Saturni Elixir. */
export const elixirPhaseRoute = memberProcedure
  .input(elixirPhaseInput)
  .query(async ({ ctx, input }) => dataAnswer(await elixirPhase(ctx.svc, input)));
