import { contactDetailsInput } from '@evolution/shared';
import { updateContactDetails } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

export const updateContactDetailsRoute = memberProcedure
  .input(contactDetailsInput)
  .mutation(({ ctx, input }) => updateContactDetails(ctx.svc, input));
