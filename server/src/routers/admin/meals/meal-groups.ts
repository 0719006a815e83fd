import { dataAnswer } from '../../../http/answers.ts';
import { mealGroupTree } from '../../../services/nutrition.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The Aliment tree of meal groups (the members' own tree: a group without children holds meals). */
export const mealGroupsRoute = adminProcedure.query(async ({ ctx }) => dataAnswer(await mealGroupTree(ctx.svc)));
