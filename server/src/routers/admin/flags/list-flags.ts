import { adminFlagListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listFlags } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every member's flags, open ones first, optionally one status only (GET admin/assistance_flag). */
export const listFlagsRoute = adminProcedure.input(adminFlagListInput).query(async ({ ctx, input }) => {
  const { status, ...page } = await listFlags(ctx.svc, input);
  return pageAnswer(ctx.origin, page, '/api/admin/assistance_flag', { status });
});
