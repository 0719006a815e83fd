import { adminFormIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One form with its place on the ladder and the members standing on it. */
export const getFormRoute = adminProcedure
  .input(adminFormIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getForm(ctx.svc, input)));
