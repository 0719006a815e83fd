import { adminFormIdInput } from '@evolution/shared';
import { getForm } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One form with its place on the ladder and the members standing on it. */
export const getFormRoute = adminProcedure
  .input(typedInput(adminFormIdInput))
  .query(({ ctx, input }) => getForm(ctx.svc, parseInput(adminFormIdInput, input).id));
