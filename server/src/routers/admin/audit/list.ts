import { auditLogListInput } from '@evolution/shared';
import { pageAnswer } from '../../../http/answers.ts';
import { listAuditLog } from '../../../services/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';

/** The audit log, newest first, paged like GET admin/audit_log; member_id and admin_id filter it. */
export const listRoute = adminProcedure.input(auditLogListInput).query(async ({ ctx, input }) => {
  const { member_id, admin_id, ...page } = await listAuditLog(ctx.svc, input);
  return pageAnswer(ctx.origin, page, '/api/admin/audit_log', { member_id, admin_id });
});
