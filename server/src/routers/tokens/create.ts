import { tokenCreateInput } from '@evolution/shared';
import { createToken } from '../../services/personalTokens.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** A new personal access token; its `<id>|<secret>` is in this answer only (POST user/tokens). */
export const createRoute = authedProcedure
  .input(tokenCreateInput)
  .mutation(({ ctx, input }) => createToken(ctx.svc, input));
