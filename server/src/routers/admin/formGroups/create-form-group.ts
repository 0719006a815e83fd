import { adminFormGroupInput } from '@evolution/shared';
import { createFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** A new form group (an empty ladder). */
export const createFormGroupRoute = adminProcedure
  .input(typedInput(adminFormGroupInput))
  .mutation(({ ctx, input }) => createFormGroup(ctx.svc, input));
