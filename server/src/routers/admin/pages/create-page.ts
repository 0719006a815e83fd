import { adminPageCreateInput } from '@evolution/shared';
import { createPage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** A new technique guide (category 4 only). */
export const createPageRoute = adminProcedure
  .input(typedInput(adminPageCreateInput))
  .mutation(({ ctx, input }) => createPage(ctx.svc, input));
