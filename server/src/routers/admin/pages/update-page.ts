import { adminPageUpdateInput } from '@evolution/shared';
import { updatePage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { parseInput } from '../../../validation.ts';

/** Saves a page's title, Markdown, class, muscle group, picture and video. */
export const updatePageRoute = adminProcedure.input(typedInput(adminPageUpdateInput)).mutation(({ ctx, input }) => {
  const { id, ...fields } = parseInput(adminPageUpdateInput.pick({ id: true }).loose(), input);
  return updatePage(ctx.svc, id, fields);
});
