import { adminPageIdInput, adminPageInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { pageExists, updatePage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Saves a page's title, Markdown, class, muscle group, picture and video. */
export const updatePageRoute = adminProcedure
  .input(adminPageIdInput)
  // The page must exist before its fields are read (a 404 whatever was sent), as on the REST path.
  .use(async ({ ctx, input, next }) => {
    await pageExists(ctx.svc, input);
    return next();
  })
  .input(adminPageInput)
  .mutation(async ({ ctx, input }) => dataAnswer(await updatePage(ctx.svc, input)));
