import { adminPageCreateInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { createPage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A new technique guide (category 4 only). */
export const createPageRoute = adminProcedure
  .input(adminPageCreateInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await createPage(ctx.svc, input)));
