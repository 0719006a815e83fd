import { flagIdInput } from '@evolution/shared';
import { getFlag } from '../../../services/flags.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';
import { flagId } from '../../flags/flagId.ts';

/** Any member's flag with its thread (GET admin/assistance_flag/{id}). */
export const getFlagRoute = adminProcedure
  .input(typedInput(flagIdInput))
  .query(async ({ ctx, input }) => ({ data: await getFlag(ctx.svc, flagId(input)) }));
