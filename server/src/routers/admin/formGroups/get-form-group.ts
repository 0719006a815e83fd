import { adminFormGroupIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** One form group with its video and `deletable`. */
export const getFormGroupRoute = adminProcedure
  .input(adminFormGroupIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getFormGroup(ctx.svc, input)));
