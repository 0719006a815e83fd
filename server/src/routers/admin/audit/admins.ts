import { auditAdmins } from '../../../services/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** Every admin account, for the audit log's admin filter. */
export const adminsRoute = adminProcedure.query(({ ctx }) => auditAdmins(ctx.svc));
