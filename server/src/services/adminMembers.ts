import type { z } from 'zod';
import {
  ADMIN_MEMBER_MESSAGE,
  ROLE,
  adminMemberChamberInput,
  adminMemberChamberPath,
  adminMemberInput,
  adminMemberPageInput,
  adminMemberWorkoutInput,
  type ApplicationDetailsDto,
  type CalibrationResults,
  type Chamber,
  type ContactDetailsDto,
  type EvolutionDto,
  type FactFindingDto,
  type FormLevelRow,
  type MacroDataDto,
  type MemberSummary,
  type WorkoutResults,
} from '@evolution/shared';
import { User, type IUser } from '../entities/index.ts';
import { notFound } from '../errors.ts';
import { memberContactDetails } from './account.ts';
import { recordAdminRead } from './audit.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import {
  memberCalibrationResults,
  memberChamberSnapshot,
  memberEvolution,
  memberFormLevels,
  memberWorkoutResults,
} from './evolution.ts';
import { memberMacroData } from './macros.ts';
import type { Page } from './pagination.ts';
import { memberApplicationDetails, memberFactFinding } from './setup.ts';

// A member's record as admins read it (docs/spec/admin.md "User detail tabs", section 7 "Member data"): each read is the
// member's own service called with the member's id, so both sides answer the same shapes. Reads of health data
// (PAR-Q, fact-find, chamber with photos, macro data) are written to the audit log once they have succeeded.

type MemberId = z.output<typeof adminMemberInput>;

/** The member an admin asks about: 404 when the id names nobody or an admin (only members have a record). */
async function memberOf(ctx: Pick<ServiceContext, 'em'>, id: number): Promise<IUser> {
  const member = await ctx.em.findOne(User, { id, role: ROLE.member });
  if (!member) throw notFound(ADMIN_MEMBER_MESSAGE.memberNotFound);
  return member;
}

/** Writes the read to the audit log and flushes it before the data leaves: no read goes out unrecorded. */
async function audited<T>(
  ctx: SignedInContext,
  member: IUser,
  action: string,
  objectType: string,
  objectId: number | null,
  data: T,
): Promise<T> {
  recordAdminRead(ctx, ctx.actor, { action, memberId: member.id, objectType, objectId });
  await ctx.em.flush();
  return data;
}

/** The head of the record: the member's name and email. */
export async function memberSummary(ctx: SignedInContext, { id }: MemberId): Promise<MemberSummary> {
  const m = await memberOf(ctx, id);
  return { id: m.id, name: m.name, email: m.email, created_at: m.createdAt.toISOString() };
}

/** GET admin/user/{id}/contact_details: the member's contact form. */
export async function adminContactDetails(ctx: SignedInContext, { id }: MemberId): Promise<ContactDetailsDto> {
  const member = await memberOf(ctx, id);
  return memberContactDetails(ctx, member.id);
}

/** GET admin/user/{id}/evolution: channel, start date, evolution, version and phase (the subscription tab). */
export async function adminEvolution(ctx: SignedInContext, { id }: MemberId): Promise<EvolutionDto['data']> {
  return memberEvolution(ctx, await memberOf(ctx, id));
}

/** GET admin/user/{id}/evolution/calibration: the latest calibration's tests. */
export async function adminCalibrationResults(ctx: SignedInContext, { id }: MemberId): Promise<CalibrationResults> {
  const member = await memberOf(ctx, id);
  return memberCalibrationResults(ctx, member.id);
}

/** GET admin/user/{id}/evolution/workout_results: every logged set of an evolution (default the current one). */
export async function adminWorkoutResults(
  ctx: SignedInContext,
  { id, ...query }: z.output<typeof adminMemberWorkoutInput>,
): Promise<WorkoutResults> {
  return memberWorkoutResults(ctx, await memberOf(ctx, id), query);
}

/** GET admin/user/{id}/evolution/form?page: the member's current form on each ladder, paged. */
export async function adminFormLevels(
  ctx: SignedInContext,
  { id, page }: z.output<typeof adminMemberPageInput>,
): Promise<Page<FormLevelRow>> {
  const member = await memberOf(ctx, id);
  return memberFormLevels(ctx, member.id, page);
}

/** GET admin/user/{id}/application_details: the PAR-Q (null before it is sent); an actual read is audited. */
export async function adminApplicationDetails(
  ctx: SignedInContext,
  { id }: MemberId,
): Promise<ApplicationDetailsDto | null> {
  const member = await memberOf(ctx, id);
  const parq = await memberApplicationDetails(ctx, member.id);
  return parq ? audited(ctx, member, 'application_details.read', 'application_details', null, parq) : null;
}

/** GET admin/user/{id}/fact_finding_details: the fact-find with desired_body_fat (null before it is sent); an actual read is audited. */
export async function adminFactFinding(ctx: SignedInContext, { id }: MemberId): Promise<FactFindingDto | null> {
  const member = await memberOf(ctx, id);
  const factFind = await memberFactFinding(ctx, member.id);
  return factFind ? audited(ctx, member, 'fact_finding.read', 'fact_finding', null, factFind) : null;
}

/**
 * GET admin/user/{id}/evolution/chamber/{page}: the n-th snapshot with its photos, whatever the member's
 * evolution_page flag (the admin view is not gated); 404 'Data could not be found.' past the last. Audited.
 */
export async function adminChamber(
  ctx: SignedInContext,
  { id, page }: z.output<typeof adminMemberChamberInput> | z.output<typeof adminMemberChamberPath>,
): Promise<Chamber> {
  // A path's page that names no snapshot (read as 0) is answered before the member is looked up, as Laravel's binding did.
  if (page === 0) throw notFound(ADMIN_MEMBER_MESSAGE.noData);
  const member = await memberOf(ctx, id);
  const { snapshotId, chamber } = await memberChamberSnapshot(ctx, member.id, page);
  return audited(ctx, member, 'chamber.read', 'chamber_snapshot', snapshotId, chamber);
}

/**
 * GET admin/user/{id}/evolution/macro_data: the member's macro figures at the top level, whatever their plan or
 * micro_data flag (the admin tab is not gated, docs/spec/admin.md §6); 404 'DATA COULD NOT BE FOUND.' before the
 * fact-find and a data analysis. Audited.
 */
export async function adminMacroData(ctx: SignedInContext, { id }: MemberId): Promise<MacroDataDto> {
  const member = await memberOf(ctx, id);
  const macros = await memberMacroData(ctx, member.id);
  if (!macros) throw notFound(ADMIN_MEMBER_MESSAGE.noMacroData);
  return audited(ctx, member, 'macro_data.read', 'macro_data', null, macros);
}
