import { adminPageIdInput } from '@evolution/shared';
import { deletePage } from '../../../services/adminPages.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Deletes a technique guide; any other page is refused (403). */
export const deletePageRoute = adminProcedure
  .input(adminPageIdInput)
  .mutation(({ ctx, input }) => deletePage(ctx.svc, input));
