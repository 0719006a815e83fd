import { pageIdInput } from '@evolution/shared';
import { getPage } from '../../services/programme.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** A content page (introductions 97, 1, 2 for every member; technique guides and phases for those who may train). */
export const getPageRoute = memberProcedure.input(pageIdInput).query(({ ctx, input }) => getPage(ctx.svc, input));
