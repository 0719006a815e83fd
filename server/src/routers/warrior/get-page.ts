import { pageIdInput } from '@evolution/shared';
import { getPage } from '../../services/programme.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** A content page (introductions 97, 1, 2 for every member; technique guides and phases for those who may train). */
export const getPageRoute = memberProcedure.input(typedInput(pageIdInput)).query(async ({ ctx, input }) => {
  const { id } = parseInput(pageIdInput, input);
  return getPage(ctx.em, ctx.actor.user, id, ctx.config);
});
