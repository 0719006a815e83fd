import { flagListInput } from '@evolution/shared';
import { listOwnFlags } from '../../services/flags.ts';
import { paginate } from '../../services/pagination.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';

/** The member's own flags, newest first, paged like GET user/assistance_flag. */
export const listFlagsRoute = memberProcedure
  .input(typedInput(flagListInput))
  .query(async ({ ctx, input }) =>
    paginate(await listOwnFlags(ctx.svc, ctx.actor.user, input), `${ctx.config.appUrl}/api/user/assistance_flag`),
  );
