import { getSets } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The work-volume level chosen and the one in use. */
export const setsRoute = memberProcedure.query(({ ctx }) => getSets(ctx.svc));
