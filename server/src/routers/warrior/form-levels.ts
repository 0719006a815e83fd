import { formLevelsInput } from '@evolution/shared';
import { pageAnswer } from '../../http/answers.ts';
import { formLevels } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's current form on each ladder, paged like the REST call. */
export const formLevelsRoute = memberProcedure
  .input(formLevelsInput)
  .query(async ({ ctx, input }) =>
    pageAnswer(ctx.origin, await formLevels(ctx.svc, input), '/api/user/evolution/forms'),
  );
