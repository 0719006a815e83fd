import { adminFlagListInput } from '@evolution/shared';
import { listFlags } from '../../../services/flags.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** Every member's flags, open ones first, optionally one status only (GET admin/assistance_flag). */
export const listFlagsRoute = adminProcedure.input(typedInput(adminFlagListInput)).query(async ({ ctx, input }) => {
  const { status, ...page } = await listFlags(ctx.svc, input);
  return paginate(page, `${ctx.config.appUrl}/api/admin/assistance_flag`, { status });
});
