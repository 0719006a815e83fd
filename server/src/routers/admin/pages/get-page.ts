import { adminPageIdInput } from '@evolution/shared';
import { getAdminPage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** A page to edit, with its picture and video addresses and its place in the programme. */
export const getPageRoute = adminProcedure
  .input(typedInput(adminPageIdInput))
  .query(({ ctx, input }) => getAdminPage(ctx.svc, parseInput(adminPageIdInput, input).id));
