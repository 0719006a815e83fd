import {
  ADMIN_MEMBER_MESSAGE,
  ROLE,
  adminMemberChamberInput,
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
import { ChamberSnapshot, User, type IUser } from '../entities/index.ts';
import { notFound } from '../errors.ts';
import { parseInput } from '../validation.ts';
import { memberContactDetails } from './account.ts';
import { recordAdminRead } from './audit.ts';
import type { Actor, ServiceContext } from './context.ts';
import { calibrationResults, chamber, formLevels, getEvolution, workoutResults } from './evolution.ts';
import { memberMacroData } from './macros.ts';
import type { Page } from './pagination.ts';
import { memberApplicationDetails, memberFactFinding } from './setup.ts';

// A member's record as admins read it (admin.md "User detail tabs", section 7 "Member data"): each read is the
// member's own service called with the member's id, so both sides answer the same shapes. Reads of health data
// (PAR-Q, fact-find, chamber with photos, macro data) are written to the audit log once they have succeeded.

/** The member an admin asks about: 404 when the id names nobody or an admin (only members have a record). */
export async function memberOf(ctx: Pick<ServiceContext, 'em'>, raw: unknown): Promise<IUser> {
  const { id } = parseInput(adminMemberInput, raw);
  const member = await ctx.em.findOne(User, { id, role: ROLE.member });
  if (!member) throw notFound(ADMIN_MEMBER_MESSAGE.memberNotFound);
  return member;
}

/** Writes the read to the audit log and flushes it before the data leaves: no read goes out unrecorded. */
async function audited<T>(
  ctx: ServiceContext,
  admin: Actor,
  member: IUser,
  action: string,
  objectType: string,
  objectId: number | null,
  data: T,
): Promise<T> {
  recordAdminRead(ctx, admin, { action, memberId: member.id, objectType, objectId });
  await ctx.em.flush();
  return data;
}

/** The head of the record: the member's name and email. */
export async function memberSummary(ctx: ServiceContext, raw: unknown): Promise<MemberSummary> {
  const m = await memberOf(ctx, raw);
  return { id: m.id, name: m.name, email: m.email, created_at: m.createdAt.toISOString() };
}

/** GET admin/user/{id}/contact_details: the member's contact form. */
export async function adminContactDetails(ctx: ServiceContext, raw: unknown): Promise<ContactDetailsDto> {
  const member = await memberOf(ctx, raw);
  return memberContactDetails(ctx, member.id);
}

/** GET admin/user/{id}/evolution: channel, start date, evolution, version and phase (the subscription tab). */
export async function adminEvolution(ctx: ServiceContext, raw: unknown): Promise<EvolutionDto> {
  return getEvolution(ctx, await memberOf(ctx, raw));
}

/** GET admin/user/{id}/evolution/calibration: the latest calibration's tests. */
export async function adminCalibrationResults(ctx: ServiceContext, raw: unknown): Promise<CalibrationResults> {
  const member = await memberOf(ctx, raw);
  return calibrationResults(ctx, member.id);
}

/** GET admin/user/{id}/evolution/workout_results: every logged set of an evolution (default the current one). */
export async function adminWorkoutResults(ctx: ServiceContext, raw: unknown): Promise<WorkoutResults> {
  const { id, ...query } = parseInput(adminMemberWorkoutInput, raw);
  return workoutResults(ctx, await memberOf(ctx, { id }), query);
}

/** GET admin/user/{id}/evolution/form?page: the member's current form on each ladder, paged. */
export async function adminFormLevels(
  ctx: ServiceContext,
  raw: unknown,
): Promise<Page<FormLevelRow> & { memberId: number }> {
  const { id, page } = parseInput(adminMemberPageInput, raw);
  const member = await memberOf(ctx, { id });
  return { ...(await formLevels(ctx, member.id, page)), memberId: member.id };
}

/** GET admin/user/{id}/application_details: the PAR-Q (null before it is sent); an actual read is audited. */
export async function adminApplicationDetails(
  ctx: ServiceContext,
  admin: Actor,
  raw: unknown,
): Promise<ApplicationDetailsDto | null> {
  const member = await memberOf(ctx, raw);
  const parq = await memberApplicationDetails(ctx, member.id);
  return parq ? audited(ctx, admin, member, 'application_details.read', 'application_details', null, parq) : null;
}

/** GET admin/user/{id}/fact_finding_details: the fact-find with desired_body_fat (null before it is sent); an actual read is audited. */
export async function adminFactFinding(
  ctx: ServiceContext,
  admin: Actor,
  raw: unknown,
): Promise<FactFindingDto | null> {
  const member = await memberOf(ctx, raw);
  const factFind = await memberFactFinding(ctx, member.id);
  return factFind ? audited(ctx, admin, member, 'fact_finding.read', 'fact_finding', null, factFind) : null;
}

/**
 * GET admin/user/{id}/evolution/chamber/{page}: the n-th snapshot with its photos, whatever the member's
 * evolution_page flag (the admin view is not gated); 404 'Data could not be found.' past the last. Audited.
 */
export async function adminChamber(ctx: ServiceContext, admin: Actor, raw: unknown): Promise<Chamber> {
  const { id, page } = parseInput(adminMemberChamberInput, raw);
  const member = await memberOf(ctx, { id });
  const snapshot = await chamber(ctx, member.id, { page });
  // The snapshot shown, for the trail: a version is recorded once per evolution, the latest wins.
  const row = await ctx.em.findOne(
    ChamberSnapshot,
    { user: member.id, evolution: snapshot.evolution, version: snapshot.version },
    { fields: ['id'], orderBy: { id: 'desc' } },
  );
  return audited(ctx, admin, member, 'chamber.read', 'chamber_snapshot', row?.id ?? null, snapshot);
}

/**
 * GET admin/user/{id}/evolution/macro_data: the member's macro figures at the top level, whatever their plan or
 * micro_data flag (the admin tab is not gated, admin.md section 6); 404 'DATA COULD NOT BE FOUND.' before the
 * fact-find and a data analysis. Audited.
 */
export async function adminMacroData(ctx: ServiceContext, admin: Actor, raw: unknown): Promise<MacroDataDto> {
  const member = await memberOf(ctx, raw);
  const macros = await memberMacroData(ctx, member.id);
  if (!macros) throw notFound(ADMIN_MEMBER_MESSAGE.noMacroData);
  return audited(ctx, admin, member, 'macro_data.read', 'macro_data', null, macros);
}
