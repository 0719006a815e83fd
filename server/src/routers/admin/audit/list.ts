import { auditLogListInput } from '@evolution/shared';
import { listAuditLog } from '../../../services/audit.ts';
import { paginate } from '../../../services/pagination.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { typedInput } from '../../../trpc/input.ts';

/** The audit log, newest first, paged like GET admin/audit_log; member_id and admin_id filter it. */
export const listRoute = adminProcedure.input(typedInput(auditLogListInput)).query(async ({ ctx, input }) => {
  const { member_id, admin_id, ...page } = await listAuditLog(ctx.svc, input);
  return paginate(page, `${ctx.config.appUrl}/api/admin/audit_log`, { member_id, admin_id });
});
