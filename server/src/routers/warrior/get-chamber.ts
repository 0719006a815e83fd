import { chamberInput } from '@evolution/shared';
import { assertEvolutionPage, chamber } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Evolution chamber page n (the n-th snapshot, oldest first). */
export const getChamberRoute = memberProcedure
  // The evolution_page flag is checked before the page is read (403 before 422), as on the REST path.
  .use(({ ctx, next }) => {
    assertEvolutionPage(ctx.svc);
    return next();
  })
  .input(chamberInput)
  .query(({ ctx, input }) => chamber(ctx.svc, input));
