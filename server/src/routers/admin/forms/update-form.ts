import { adminFormBodyInput, adminFormIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { formExists, updateForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Saves a form; members on it stay on it. */
export const updateFormRoute = adminProcedure
  .input(adminFormIdInput)
  // The form must exist before its fields are read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await formExists(ctx.svc, input);
    return next();
  })
  .input(adminFormBodyInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateForm(ctx.svc, input)));
