import { chamberInput } from '@evolution/shared';
import { assertEvolutionPage, chamber } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** Evolution chamber page n (the n-th snapshot, oldest first). */
export const getChamberRoute = memberProcedure.input(typedInput(chamberInput)).query(({ ctx, input }) => {
  assertEvolutionPage(ctx.actor.user);
  return chamber(ctx.svc, ctx.actor.user.id, input);
});
