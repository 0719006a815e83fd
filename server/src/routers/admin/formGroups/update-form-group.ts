import { adminFormGroupIdInput, adminFormGroupUpdateInput } from '@evolution/shared';
import { updateFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Saves a form group's name, exercise type, video and link. */
export const updateFormGroupRoute = adminProcedure
  .input(typedInput(adminFormGroupUpdateInput))
  .mutation(({ ctx, input }) => updateFormGroup(ctx.svc, parseInput(adminFormGroupIdInput, input).id, input));
