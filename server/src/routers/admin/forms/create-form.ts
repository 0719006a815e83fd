import { adminFormCreateInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { createForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A new form on a group's ladder. */
export const createFormRoute = adminProcedure
  .input(adminFormCreateInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await createForm(ctx.svc, input)));
