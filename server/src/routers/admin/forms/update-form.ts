import { adminFormIdInput, adminFormUpdateInput } from '@evolution/shared';
import { updateForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Saves a form; members on it stay on it. */
export const updateFormRoute = adminProcedure
  .input(typedInput(adminFormUpdateInput))
  .mutation(({ ctx, input }) => updateForm(ctx.svc, parseInput(adminFormIdInput, input).id, input));
