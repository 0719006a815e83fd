import { dataAnswer } from '../../http/answers.ts';
import { mealGroupTree } from '../../services/nutrition.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The Aliment tree of meal groups. */
export const mealGroupsRoute = memberProcedure.query(async ({ ctx }) => dataAnswer(await mealGroupTree(ctx.svc)));
