import { flagIdInput } from '@evolution/shared';
import { getOwnFlag } from '../../services/flags.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { flagId } from './flagId.ts';

/** One of the member's own flags with its thread (GET user/assistance_flag/{id}); anyone else's is a 404. */
export const getFlagRoute = memberProcedure.input(typedInput(flagIdInput)).query(async ({ ctx, input }) => ({
  data: await getOwnFlag(ctx.svc, ctx.actor.user, flagId(input)),
}));
