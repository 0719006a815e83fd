import { adminFormGroupIdInput, adminFormGroupInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { formGroupExists, updateFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Saves a form group's name, exercise type, video and link. */
export const updateFormGroupRoute = adminProcedure
  .input(adminFormGroupIdInput)
  .use(bindRecord(formGroupExists))
  .input(adminFormGroupInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateFormGroup(ctx.svc, input)));
