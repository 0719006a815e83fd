import { tokenIdInput } from '@evolution/shared';
import { revokeToken } from '../../services/personalTokens.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** Revokes one of the caller's tokens; another user's is a 404 (DELETE user/tokens/{id}). */
export const revokeRoute = authedProcedure
  .input(tokenIdInput)
  .mutation(({ ctx, input }) => revokeToken(ctx.svc, input));
