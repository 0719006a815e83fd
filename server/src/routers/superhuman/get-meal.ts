import { elixirPhaseInput, mealIdInput } from '@evolution/shared';
import { elixirPhase, getMeal } from '../../services/nutrition.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** A meal with its ingredients per serving, picture and nutrition. */
export const getMealRoute = memberProcedure
  .input(typedInput(mealIdInput))
  .query(({ ctx, input }) => getMeal(ctx.svc, ctx.actor.user, parseInput(mealIdInput, input).id));

/** Phase 1 to 4 of the Saturni Elixir. */
export const elixirPhaseRoute = memberProcedure
  .input(typedInput(elixirPhaseInput))
  .query(({ ctx, input }) => elixirPhase(ctx.svc, ctx.actor.user, parseInput(elixirPhaseInput, input).phase));
