import { adminFormIdInput } from '@evolution/shared';
import { deleteForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Deletes a form; its members move to the form below it (else above); the last form is kept while members are on it. */
export const deleteFormRoute = adminProcedure
  .input(adminFormIdInput)
  .mutation(({ ctx, input }) => deleteForm(ctx.svc, input));
