// A member's record as admins read it (docs/spec/admin.md "User detail tabs"), and the audit log of
// admins' reads of members' health data (docs/product.md §7).
import { z } from 'zod';
import { emptyToUndefined, wholeIdField } from './fields.ts';
import { pageInput } from './pagination.ts';
import { chamberInput, workoutResultsInput } from './warrior.ts';

/** Texts of the member's record: the spec's two 'not found' messages, and the answer for an id that is no member. */
export const ADMIN_MEMBER_MESSAGE = {
  /** Application details, fact-find and the evolution chamber (docs/spec/admin.md §§2 and 8). */
  noData: 'Data could not be found.',
  /** The macro data tab (docs/spec/admin.md §§2 and 8). */
  noMacroData: 'DATA COULD NOT BE FOUND.',
  /** An id that names nobody, or an admin: only members have a record. */
  memberNotFound: 'Member not found.',
} as const;

/** admin/user/{id}/...: the member's user id. */
export const adminMemberInput = z.object({ id: wholeIdField('member id') });
/** admin/user/{id}/evolution/form?page. */
export const adminMemberPageInput = pageInput.extend({ id: wholeIdField('member id') });
/** admin/user/{id}/evolution/chamber/{page}. */
export const adminMemberChamberInput = chamberInput.extend({ id: wholeIdField('member id') });
/** The same path on REST: a page that names no snapshot reads as 0, which the service answers with its own 404. */
export const adminMemberChamberPath = adminMemberInput.extend({ page: chamberInput.shape.page.catch(0) });
/** admin/user/{id}/evolution/workout_results?evolution. */
export const adminMemberWorkoutInput = workoutResultsInput.extend({ id: wholeIdField('member id') });

/** Who the record belongs to: the head of the member's record screen. */
const memberSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'MemberSummary' });
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** What an admin read, as the audit log names it. */
const AUDIT_ACTIONS = {
  'application_details.read': 'Application details (PAR-Q)',
  'fact_finding.read': 'Fact-find details',
  'chamber.read': 'Evolution chamber with progress photos',
  'macro_data.read': 'Macro data',
  'progress_photo.read': 'Progress photo',
  // Not a read of a member: an admin's calls with a personal access token, one row per minute of use.
  'personal_access_token.used': 'Called the API with a personal access token',
} as const;

/** The words for an audit action (an action this build does not know is shown as stored). */
export const auditActionLabel = (action: string): string => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** GET admin/audit_log: newest first, paged, optionally one member's or one admin's reads. */
export const auditLogListInput = pageInput.extend({
  member_id: z.preprocess(emptyToUndefined, wholeIdField('member id').optional()),
  admin_id: z.preprocess(emptyToUndefined, wholeIdField('admin id').optional()),
});

export const auditLogRowSchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    what: z.string().describe('the action in words'),
    admin_id: z.number().int().nullable().describe('null once the admin account is deleted'),
    admin_name: z.string().nullable(),
    member_id: z.number().int().nullable(),
    member_name: z.string().nullable().describe('null once the member account is deleted'),
    object_type: z.string(),
    object_id: z.number().int().nullable(),
    ip: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditLogRow' });
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

/** An admin who may appear in the audit log: the admin filter's choices. */
const auditAdminSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'AuditAdmin' });
export type AuditAdmin = z.infer<typeof auditAdminSchema>;

/** GET user/data_reads: who read the member's own health data and when (no other member's data, no addresses). */
export const dataReadRowSchema = z
  .object({
    id: z.number().int(),
    what: z.string(),
    admin_name: z.string().describe("the admin's name, or 'A former admin' once that account is deleted"),
    created_at: z.string(),
  })
  .meta({ id: 'DataReadRow' });
export type DataReadRow = z.infer<typeof dataReadRowSchema>;
