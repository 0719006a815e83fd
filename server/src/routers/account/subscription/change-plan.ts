import { changePlanInput } from '@evolution/shared';
import { changePlan } from '../../../services/subscriptions.ts';
import { memberProcedure } from '../../../trpc/init.ts';

/** Moves the active subscription to plan `id`, prorated. */
export const changePlanRoute = memberProcedure
  .input(changePlanInput)
  .mutation(({ ctx, input }) => changePlan(ctx.svc, input));
