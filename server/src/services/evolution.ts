import { sql, type Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import {
  SERVER_MESSAGE,
  WARRIOR_MESSAGE,
  chamberInput,
  formLevelsInput,
  workoutResultsInput,
  type CalibrationResults,
  type Chamber,
  type EvolutionDto,
  type FormLevelRow,
  type WorkoutResultRow,
  type WorkoutResults,
} from '@evolution/shared';
import { chamberLabel } from '../domain/chamber.ts';
import {
  ChamberSnapshot,
  PhaseSubmission,
  Subscription,
  Vo2Test,
  WorkoutResult,
  type IUser,
} from '../entities/index.ts';
import type { IWorkoutResult } from '../entities/WorkoutResult.ts';
import { DomainError, notFound } from '../errors.ts';
import { prepared, type Database } from '../db/kysely.ts';
import type { ServiceContext, SignedInContext } from './context.ts';
import { mediaBase64 } from './media.ts';
import { pageWindow, type Page } from './pagination.ts';
import { generalVersions, loadLadders, memberStandings } from './programme.ts';
import { chamberOpen, ensureEvolution, evolutionState } from './session.ts';

// A member's training record. Each read takes the member whose record it is, so the member's own calls and the
// admin views of a member (admin/user/{id}/evolution/...) share them; the caller decides who may read. The member's
// own calls read the caller's record.

/** GET user/evolution: the programme state with the subscription's channel and the start date. */
export async function getEvolution(ctx: SignedInContext): Promise<EvolutionDto['data']> {
  return memberEvolution(ctx, ctx.actor.user);
}

/** A member's programme state, channel and start date. */
export async function memberEvolution(ctx: ServiceContext, member: IUser): Promise<EvolutionDto['data']> {
  const [evo, sub, versions] = await Promise.all([
    ensureEvolution(ctx.em, member),
    ctx.em.findOne(Subscription, { user: member.id }, { populate: ['channel'] }),
    generalVersions(ctx.em),
  ]);
  return {
    ...evolutionState(evo),
    channel_name: sub?.channel.name ?? null,
    start_date: evo.startDate.toISOString(),
    versions: versions.length,
  };
}

/** GET user/evolution/calibration: the tests of the latest calibration and the level each placed the member on. */
export async function calibrationResults(ctx: SignedInContext): Promise<CalibrationResults> {
  return memberCalibrationResults(ctx, ctx.actor.me.id);
}

/** The tests of a member's latest calibration. */
export async function memberCalibrationResults(ctx: ServiceContext, memberId: number): Promise<CalibrationResults> {
  const latest = await ctx.em.findOne(
    PhaseSubmission,
    { user: memberId, track: 'calibration', phaseType: 'exercise' },
    { orderBy: { id: 'desc' } },
  );
  if (!latest) return { data: [], evolution: null };
  const rows = await ctx.em.find(
    WorkoutResult,
    { submission: latest.id },
    { populate: ['form'], orderBy: { position: 'asc' } },
  );
  return {
    data: rows.map((r) => ({
      calibration_id: r.calibration?.id ?? null,
      form: r.formName,
      amount: r.amount,
      level: r.level ?? null,
      placed_form: r.form?.name ?? null,
      reps_or_time: r.repsOrTime as 1 | 2,
      time_to_complete: r.timeToComplete ?? null,
    })),
    evolution: latest.evolution,
  };
}

function workoutRow(r: IWorkoutResult): WorkoutResultRow {
  return {
    id: r.id,
    form_id: r.form?.id ?? null,
    form_name: r.formName,
    amount: r.amount,
    total_weight: r.totalWeight,
    par: r.par ?? null,
    progress: r.progress ?? null,
    level: r.level ?? null,
    time_to_complete: r.timeToComplete ?? null,
    reps_or_time: r.repsOrTime as 1 | 2,
    evolution: r.evolution,
    version: r.version,
    phase: r.phase,
  };
}

type WorkoutQuery = z.output<typeof workoutResultsInput>;

/** GET user/evolution/workout_results: every logged set of an evolution (default the current one), by version and phase. */
export async function workoutResults(ctx: SignedInContext, input: WorkoutQuery): Promise<WorkoutResults> {
  return memberWorkoutResults(ctx, ctx.actor.user, input);
}

/** A member's logged sets of an evolution (default the current one). */
export async function memberWorkoutResults(
  ctx: ServiceContext,
  member: IUser,
  input: WorkoutQuery,
): Promise<WorkoutResults> {
  const evolution = input.evolution ?? (await ensureEvolution(ctx.em, member)).evolution;
  const rows = await ctx.em.find(
    WorkoutResult,
    { user: member.id, evolution, track: 'general' },
    { orderBy: { version: 'asc', phase: 'asc', position: 'asc', id: 'asc' } },
  );
  return { data: rows.map(workoutRow), evolution };
}

/** GET user/evolution/forms: the member's current form on each ladder, with the best amount of its latest session. */
export async function formLevels(
  ctx: SignedInContext,
  { page }: z.output<typeof formLevelsInput>,
): Promise<Page<FormLevelRow>> {
  return memberFormLevels(ctx, ctx.actor.me.id, page);
}

/** A member's current form on each ladder, paged. */
export async function memberFormLevels(
  ctx: ServiceContext,
  memberId: number,
  page: number,
): Promise<Page<FormLevelRow>> {
  const ladders = await loadLadders(ctx.em);
  const standings = await memberStandings(ctx.em, memberId, ladders);
  const { limit, offset } = pageWindow(page);
  const current = [...ladders.values()]
    .slice(offset, offset + limit)
    .map((l) => ({ ladder: l, form: l.forms[standings.get(l.group.id) ?? 0]! }));
  const sets = current.length
    ? await ctx.em.find(
        WorkoutResult,
        { user: memberId, track: 'general', form: { $in: current.map((c) => c.form.id) } },
        { orderBy: { id: 'desc' } },
      )
    : [];
  const items = current.map(({ ladder, form }) => {
    const onForm = sets.filter((s) => s.form?.id === form.id);
    const session = onForm[0]?.submission.id;
    const amounts = onForm.filter((s) => s.submission.id === session).map((s) => s.amount);
    return {
      form_id: form.id,
      level: form.level,
      progress: form.progress,
      name: form.name,
      amount: amounts.length ? Math.max(...amounts) : null,
      form_group_id: ladder.group.id,
      form_group: ladder.group.name,
      reps_or_time: form.repsOrTime as 1 | 2,
      min: form.min,
      max: form.max,
    };
  });
  return { items, total: ladders.size, page, perPage: limit };
}

/**
 * The chamber and its trend need the evolution_page flag (opened by the first calibration, or by an admin): 403
 * without it, saying so when an admin switched it off (a stored false).
 */
export function assertEvolutionPage(ctx: SignedInContext): void {
  const access = ctx.actor.me.access ?? {};
  if (access.evolution_page === false) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.switchedOff);
  if (!chamberOpen(access, ctx.actor.membership.evolution))
    throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
}

/**
 * A chamber page's row: the n-th snapshot in chamber order (evolution, version, then as recorded, as
 * domain/chamber.ts defines it) with the page count and its photos' stored files, in photo order.
 */
function chamberQuery(kysely: Kysely<Database>, memberId: number, page: number) {
  return kysely
    .selectFrom((eb) =>
      eb
        .selectFrom('chamber_snapshots as c')
        .selectAll('c')
        .select((w) => [
          w.fn.countAll().over().as('total_pages'),
          w.fn
            .agg<string | number | bigint>('row_number')
            .over((ob) => ob.orderBy('c.evolution').orderBy('c.version').orderBy('c.id'))
            .as('n'),
        ])
        .where('c.user_id', '=', memberId)
        .as('s'),
    )
    .select((eb) => [
      's.id',
      's.evolution',
      's.version',
      eb.cast<number>('s.weight', 'float8').as('weight'),
      eb.cast<number>('s.body_fat', 'float8').as('body_fat'),
      eb.cast<number>('s.chest', 'float8').as('chest'),
      eb.cast<number>('s.bicep', 'float8').as('bicep'),
      eb.cast<number>('s.waist', 'float8').as('waist'),
      eb.cast<number>('s.quad', 'float8').as('quad'),
      eb.cast<number | null>('s.vo2score', 'float8').as('vo2score'),
      's.vo2level',
      's.muscle',
      's.created_at',
      's.total_pages',
      eb.fn
        .coalesce(
          eb
            // The three photo slots in order (an empty slot joins no media row).
            .selectFrom(
              sql<{
                id: number | null;
                n: string;
              }>`unnest(array[${eb.ref('s.image1_id')}, ${eb.ref('s.image2_id')}, ${eb.ref('s.image3_id')}]) with ordinality`.as<'i'>(
                sql`i(id, n)`,
              ),
            )
            .innerJoin('media as m', 'm.id', 'i.id')
            .select((inner) => {
              const photo = jsonBuildObject({
                id: inner.ref('m.id'),
                mime: inner.ref('m.mime'),
                path: inner.ref('m.path'),
              });
              return inner.fn
                .agg<NonNullable<typeof photo.expressionType>[]>('json_agg', [photo])
                .orderBy('i.n')
                .as('photos');
            }),
          // A snapshot without photos: JSON's empty array, which comes back as one.
          sql<never[]>`'[]'`,
        )
        .as('photos'),
    ])
    .where('s.n', '=', page);
}

const readChamber = prepared(chamberQuery);

/**
 * GET user/evolution/chamber/{page}: the n-th snapshot, oldest first, with photos as base64; 404 past the last.
 * One read model in SQL: chamber order (evolution, version, then as recorded) as domain/chamber.ts defines it.
 */
export async function chamber(ctx: SignedInContext, { page }: z.output<typeof chamberInput>): Promise<Chamber> {
  return memberChamber(ctx, ctx.actor.me.id, page);
}

/** A member's n-th chamber snapshot (see chamber); the caller has decided who may read it. */
async function memberChamber(ctx: ServiceContext, memberId: number, page: number): Promise<Chamber> {
  return (await memberChamberSnapshot(ctx, memberId, page)).chamber;
}

/** The same, with the id of the snapshot shown (an admin's read names it in the audit log). */
export async function memberChamberSnapshot(
  ctx: ServiceContext,
  memberId: number,
  page: number,
): Promise<{ snapshotId: number; chamber: Chamber }> {
  const [snap] = await readChamber(ctx.em, memberId, page);
  if (!snap) throw notFound(WARRIOR_MESSAGE.noResults);
  const images = await Promise.all(
    snap.photos.map(async (m) => ({ id: m.id, mime: m.mime, base64: await mediaBase64(ctx.config, m) })),
  );
  const chamber: Chamber = {
    data: {
      vo2max: { score: snap.vo2score, level: snap.vo2level },
      body: {
        weight: snap.weight,
        body_fat: snap.body_fat,
        chest: snap.chest,
        bicep: snap.bicep,
        waist: snap.waist,
        quad: snap.quad,
        images: images.filter((i): i is { id: number; mime: string; base64: string } => i.base64 !== null),
      },
      muscle: snap.muscle,
    },
    current: page,
    totalPages: Number(snap.total_pages),
    evolution: snap.evolution,
    version: snap.version,
    label: chamberLabel(snap.evolution, snap.version),
    created_at: new Date(snap.created_at).toISOString(),
  };
  return { snapshotId: snap.id, chamber };
}

/** The member's training record for a data export: every logged set and test, VO2 tests and chamber snapshots (photo ids). */
export async function trainingExport(
  ctx: Pick<ServiceContext, 'em'>,
  memberId: number,
): Promise<Record<string, unknown>> {
  const [sets, vo2, snapshots] = await Promise.all([
    ctx.em.find(WorkoutResult, { user: memberId }, { orderBy: { id: 'asc' } }),
    ctx.em.find(Vo2Test, { user: memberId }, { orderBy: { id: 'asc' } }),
    ctx.em.find(ChamberSnapshot, { user: memberId }, { orderBy: { id: 'asc' } }),
  ]);
  return {
    workout_results: sets.map((r) => ({
      ...workoutRow(r),
      track: r.track,
      calibration_id: r.calibration?.id ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    vo2_tests: vo2.map((t) => ({
      evolution: t.evolution,
      version: t.version,
      seconds: t.seconds,
      grade: t.grade,
      score: t.score,
      level: t.levelName ?? null,
      created_at: t.createdAt.toISOString(),
    })),
    chamber: snapshots.map((s) => ({
      evolution: s.evolution,
      version: s.version,
      weight: s.weight,
      body_fat: s.bodyFat,
      chest: s.chest,
      bicep: s.bicep,
      waist: s.waist,
      quad: s.quad,
      image_ids: [s.image1?.id, s.image2?.id, s.image3?.id].filter((id) => id != null),
      vo2_score: s.vo2Score ?? null,
      vo2_level: s.vo2Level ?? null,
      muscle: s.muscle,
      created_at: s.createdAt.toISOString(),
    })),
  };
}
