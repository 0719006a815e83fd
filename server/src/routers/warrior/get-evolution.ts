import { dataAnswer } from '../../http/answers.ts';
import { getEvolution } from '../../services/evolution.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The member's programme state with the channel and start date. */
export const getEvolutionRoute = memberProcedure.query(async ({ ctx }) => dataAnswer(await getEvolution(ctx.svc)));
