import { adminFormGroupIdInput } from '@evolution/shared';
import { getFormGroup } from '../../../services/adminForms.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** One form group with its video and `deletable`. */
export const getFormGroupRoute = adminProcedure
  .input(typedInput(adminFormGroupIdInput))
  .query(({ ctx, input }) => getFormGroup(ctx.svc, parseInput(adminFormGroupIdInput, input).id));
