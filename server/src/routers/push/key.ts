import { pushKey } from '../../services/push.ts';
import { authedProcedure } from '../../trpc/init.ts';

/** The VAPID public key a browser subscribes with (GET push/key). */
export const keyRoute = authedProcedure.query(({ ctx }) => pushKey(ctx.svc));
