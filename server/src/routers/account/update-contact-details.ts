import { contactDetailsInput } from '@evolution/shared';
import { updateContactDetails } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

export const updateContactDetailsRoute = memberProcedure
  .input(typedInput(contactDetailsInput))
  .mutation(({ ctx, input }) => updateContactDetails(ctx.svc, ctx.actor, input));
