import { adminFormGroupIdInput } from '@evolution/shared';
import { deleteFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Deletes a form group and its forms; refused (409) while it is not deletable. */
export const deleteFormGroupRoute = adminProcedure
  .input(adminFormGroupIdInput)
  .mutation(({ ctx, input }) => deleteFormGroup(ctx.svc, input));
