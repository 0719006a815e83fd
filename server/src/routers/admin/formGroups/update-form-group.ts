import { adminFormGroupIdInput, adminFormGroupInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { formGroupExists, updateFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Saves a form group's name, exercise type, video and link. */
export const updateFormGroupRoute = adminProcedure
  .input(adminFormGroupIdInput)
  // The group must exist before its fields are read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await formGroupExists(ctx.svc, input);
    return next();
  })
  .input(adminFormGroupInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updateFormGroup(ctx.svc, input)));
