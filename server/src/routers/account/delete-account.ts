import { deleteAccountInput } from '@evolution/shared';
import { deleteAccount } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Deletes the account and its data after the password is confirmed. */
export const deleteAccountRoute = memberProcedure
  .input(deleteAccountInput)
  .mutation(({ ctx, input }) => deleteAccount(ctx.svc, input));
