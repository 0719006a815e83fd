import { paymentConfig } from '../../../services/payments/index.ts';
import { publicProcedure } from '../../../trpc/init.ts';

/** What the card form needs: Stripe Elements with a publishable key, or the offline provider's test cards. Public. */
export const paymentConfigRoute = publicProcedure.query(({ ctx }) => paymentConfig(ctx.svc));
