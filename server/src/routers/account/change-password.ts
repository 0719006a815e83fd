import { changePasswordInput } from '@evolution/shared';
import { changePassword } from '../../services/account.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** Changes the password; other sessions end; answers a fresh token for this one. */
export const changePasswordRoute = authedProcedure
  .input(changePasswordInput)
  .mutation(({ ctx, input }) => changePassword(ctx.svc, input));
