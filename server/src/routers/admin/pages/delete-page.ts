import { adminPageIdInput } from '@evolution/shared';
import { deletePage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Deletes a technique guide; any other page is refused (403). */
export const deletePageRoute = adminProcedure
  .input(typedInput(adminPageIdInput))
  .mutation(({ ctx, input }) => deletePage(ctx.svc, parseInput(adminPageIdInput, input).id));
