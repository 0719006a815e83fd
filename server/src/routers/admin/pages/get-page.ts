import { adminPageIdInput } from '@evolution/shared';
import { dataAnswer } from '../../../http/answers.ts';
import { getAdminPage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** A page to edit, with its picture and video addresses and its place in the programme. */
export const getPageRoute = adminProcedure
  .input(adminPageIdInput)
  .query(async ({ ctx, input }) => dataAnswer(await getAdminPage(ctx.svc, input)));
