import { formGroupIdInput, pageIdInput } from '@evolution/shared';
import { formGroupVideo, pageVideo } from '../../services/programme.ts';
import { authedProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** A page's video (uploaded video id and/or host link); 404 when it has none. */
export const pageVideoRoute = authedProcedure.input(typedInput(pageIdInput)).query(async ({ ctx, input }) => {
  const { id } = parseInput(pageIdInput, input);
  return pageVideo(ctx.em, ctx.actor.user, id, ctx.config);
});

/** A form group's demonstration video; 404 when it has none. */
export const formGroupVideoRoute = authedProcedure.input(typedInput(formGroupIdInput)).query(async ({ ctx, input }) => {
  const { formGroupId } = parseInput(formGroupIdInput, input);
  return formGroupVideo(ctx.em, ctx.actor.user, formGroupId, ctx.config);
});
