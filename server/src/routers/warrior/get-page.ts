import { pageIdInput } from '@evolution/shared';
import { getPage } from '../../services/programme.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { typedInput } from '../../trpc/input.ts';
import { parseInput } from '../../validation.ts';

/** A content page (introductions 97, 1, 2; technique guides; phases). */
export const getPageRoute = memberProcedure.input(typedInput(pageIdInput)).query(({ ctx, input }) => getPage(ctx.em, parseInput(pageIdInput, input).id));
