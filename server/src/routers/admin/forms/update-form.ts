import { adminFormBodyInput, adminFormIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { formExists, updateForm } from '../../../services/adminForms.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Saves a form; members on it stay on it. */
export const updateFormRoute = adminProcedure
  .input(adminFormIdInput)
  .use(bindRecord(formExists))
  .input(adminFormBodyInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateForm(ctx.svc, input)));
