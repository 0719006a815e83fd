import { formGroupIdInput, pageIdInput } from '@evolution/shared';
import { dataAnswer } from '../../http/answers.ts';
import { formGroupVideo, pageVideo } from '../../services/programme.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** A page's video (uploaded video id and/or host link); 404 when it has none. */
export const pageVideoRoute = authedProcedure
  .input(pageIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await pageVideo(ctx.svc, input)));

/** A form group's demonstration video; 404 when it has none. */
export const formGroupVideoRoute = authedProcedure
  .input(formGroupIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await formGroupVideo(ctx.svc, input)));
