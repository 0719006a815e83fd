import { listHref } from '../common/listQuery.ts';
import { readMemberId } from '../members/record.ts';

/** Where the audit log lives. */
export const AUDIT_LOG_PATH = '/admin/audit_log';

/** The audit log filtered by member and/or admin (the filters live in the query string). */
export const auditLogHref = (filters: { member_id?: number; admin_id?: number; page?: number }): string =>
  listHref(AUDIT_LOG_PATH, filters);

/** A whole id from the query string, or undefined for anything else (the list then shows every row). */
export const readFilterId = (value: string | null): number | undefined => readMemberId(value) ?? undefined;
