import { pageInput } from '@evolution/shared';
import { formLevels } from '../../services/evolution.ts';
import { paginate } from '../../services/pagination.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** The member's current form on each ladder, paged like the REST call. */
export const formLevelsRoute = memberProcedure.input(typedInput(pageInput)).query(async ({ ctx, input }) => {
  const { page } = parseInput(pageInput, input);
  return paginate(await formLevels(ctx.svc, ctx.actor.user.id, page), `${ctx.config.appUrl}/api/user/evolution/forms`);
});
