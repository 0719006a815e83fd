import { adminPageIdInput, adminPageInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { pageExists, updatePage } from '../../../services/adminPages.ts';
import { adminProcedure, bindRecord } from '../../../trpc/init.ts';

/** Saves a page's title, Markdown, class, muscle group, picture and video. */
export const updatePageRoute = adminProcedure
  .input(adminPageIdInput)
  .use(bindRecord(pageExists))
  .input(adminPageInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updatePage(ctx.svc, input)));
