import { getContactDetails } from '../../services/account.ts';
import { memberProcedure } from '../../trpc/init.ts';

export const contactDetailsRoute = memberProcedure.query(({ ctx }) => getContactDetails(ctx.svc));
