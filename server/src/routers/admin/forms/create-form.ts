import { adminFormCreateInput } from '@evolution/shared';
import { createForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** A new form on a group's ladder. */
export const createFormRoute = adminProcedure
  .input(typedInput(adminFormCreateInput))
  .mutation(({ ctx, input }) => createForm(ctx.svc, input));
