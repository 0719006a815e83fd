import { adminFormGroupInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { createFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A new form group (an empty ladder). */
export const createFormGroupRoute = adminProcedure
  .input(adminFormGroupInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await createFormGroup(ctx.svc, input)));
