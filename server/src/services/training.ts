import { createHash } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  SERVER_MESSAGE,
  WARRIOR_MESSAGE,
  phaseListInput,
  submitPhaseInput,
  trackInput,
  type PhasePayload,
  type calibrationPayload,
  type challengePayload,
  type dataAnalysisPayload,
  type exercisesPayload,
  type vo2Payload,
  type PhaseData,
  type PhaseList,
  type PhaseType,
  type SubmissionResult,
  type TrackType,
  type VersionList,
} from '@evolution/shared';
import { calibrationStartIndex, doubleProgression, par } from '../domain/ladder.ts';
import { muscleScores } from '../domain/muscleScores.ts';
import { buildRounds, chunkSize, phaseRepeats, presetRepeats, setsAfterSubmission } from '../domain/rounds.ts';
import { gradeAt, vo2Estimate, vo2Level } from '../domain/vo2.ts';
import { ChamberSnapshot, Evolution, Media, PhaseSubmission, Vo2MaxLevel, Vo2Test } from '../entities/index.ts';
import type { IEvolution } from '../entities/Evolution.ts';
import type { IPhaseSubmission } from '../entities/PhaseSubmission.ts';
import { db, now, prepared, type Database } from '../db/kysely.ts';
import { DomainError, isUniqueViolation, laravelMessage, validationError, type FieldErrors } from '../errors.ts';
import type { SignedInContext } from './context.ts';
import { mediaUrl } from './media.ts';
import {
  generalVersions,
  loadLadders,
  memberForms,
  memberStandings,
  phaseExercises,
  trackPhases,
  type FormFacts,
  type Ladder,
  type PhaseExercise,
  type TrackPhase,
} from './programme.ts';
import { assertCanTrain } from './access.ts';
import { chamberOpen, ensureEvolution, evolutionState, type EvolutionFacts } from './session.ts';

type LadderMove = SubmissionResult['data']['ladder'][number];

/** The track the member is on: calibration while it is due, otherwise general. */
const activeTrack = (evo: Pick<IEvolution, 'needCalibration'>): TrackType =>
  evo.needCalibration ? 'calibration' : 'general';

function assertOnTrack(evo: EvolutionFacts, type: TrackType) {
  if (activeTrack(evo) === type) return;
  throw new DomainError(
    'CONFLICT',
    type === 'general' ? WARRIOR_MESSAGE.calibrateFirst : WARRIOR_MESSAGE.calibrationDone,
  );
}

/** Who may train is checked and their position read from what came with the token (made first when missing). */
async function trainingState(ctx: SignedInContext): Promise<EvolutionFacts> {
  const { actor } = ctx;
  await assertCanTrain(ctx.em, actor.me, actor.membership);
  return actor.membership.evolution ?? ensureEvolution(ctx.em, actor.user);
}

/** The version of the track a phase belongs to: 0 for calibration. */
const trackVersion = (type: TrackType, evo: Pick<IEvolution, 'version'>) => (type === 'calibration' ? 0 : evo.version);

/** GET user/channel/warrior/general/evolution: the general versions, newest first; the current one is active. */
export async function listVersions(ctx: SignedInContext): Promise<VersionList> {
  const evo = await trainingState(ctx);
  const versions = await generalVersions(ctx.em);
  const data = [...versions].reverse().map((c) => {
    const version = c.version!;
    return {
      version,
      title: c.name,
      active: !evo.needCalibration && version === evo.version,
      completed: !evo.needCalibration && version < evo.version,
    };
  });
  return { data, evolution: evo.evolution, need_calibration: evo.needCalibration };
}

/** GET user/channel/warrior/{type}/version: the phases of the track (general: of `version`, default the current one). */
export async function listTrackPhases(
  ctx: SignedInContext,
  input: z.output<typeof phaseListInput>,
): Promise<PhaseList> {
  const evo = await trainingState(ctx);
  const version = input.type === 'calibration' ? 0 : (input.version ?? evo.version);
  const phases = await trackPhases(ctx.em, input.type, version);
  const current = activeTrack(evo) === input.type && version === trackVersion(input.type, evo);
  const done = (n: number) =>
    input.type === 'calibration'
      ? !evo.needCalibration || n < evo.phase
      : !evo.needCalibration && (version < evo.version || (current && n < evo.phase));
  const data = phases.map((p) => ({
    id: p.page.id,
    title: p.page.title,
    phase: p.number,
    type: p.key,
    active: current && p.number === evo.phase,
    completed: done(p.number),
  }));
  return { data, version };
}

function roundsOf(type: TrackType, phase: TrackPhase, evo: EvolutionFacts, exercises: PhaseExercise[]) {
  const chunk = chunkSize(phase.preset);
  // The volume rule (phase 7) belongs to the general versions; calibration phases use their preset.
  const repeats =
    type === 'general'
      ? phaseRepeats(phase.number, phase.preset, evo.numberOfSets, exercises.length)
      : presetRepeats(phase.preset);
  const rounds = buildRounds(
    exercises.map((e) => e.dto.id),
    chunk,
    repeats,
  );
  return {
    chunk,
    repeats,
    rounds: rounds.map((r) => ({ number: r.number, name: r.name, repeat: r.repeat, exercise_ids: r.exercises })),
  };
}

async function currentPhase(
  em: EntityManager,
  evo: EvolutionFacts,
  type: TrackType,
): Promise<{ phase: TrackPhase | undefined; phases: TrackPhase[] }> {
  const phases = await trackPhases(em, type, trackVersion(type, evo));
  return { phase: phases[evo.phase - 1], phases };
}

/** GET user/channel/warrior/{type}/phase: the member's active phase with its exercises and rounds. */
export async function getActivePhase(ctx: SignedInContext, { type }: z.output<typeof trackInput>): Promise<PhaseData> {
  const { actor } = ctx;
  const evo = await trainingState(ctx);
  assertOnTrack(evo, type);
  const { phase } = await currentPhase(ctx.em, evo, type);
  if (!phase) throw new DomainError('NOT_FOUND', 'No active phase.');
  const exercises = await phaseExercises(ctx.em, actor.me.id, phase, ctx.config, actor.membership.forms);
  return {
    data: exercises.map((e) => e.dto),
    ...roundsOf(type, phase, evo, exercises),
    page: {
      id: phase.page.id,
      title: phase.page.title,
      content: phase.page.content,
      video_link: phase.page.videoLink ?? null,
      video_path: mediaUrl(ctx.config, phase.page.video),
      warrior_channel: { type },
    },
    type: phase.key,
    evolution: evo.evolution,
    version: trackVersion(type, evo),
    phase: phase.number,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Submissions

type Payload = PhasePayload;

function fail(errors: FieldErrors): never {
  throw new DomainError('VALIDATION', laravelMessage(errors), { fieldErrors: errors });
}
const addError = (errors: FieldErrors, key: string, message: string) => void (errors[key] ??= []).push(message);

type Entry = { amount?: number | undefined; time_to_complete?: number | undefined };

/** Reps, or seconds for a time form (the runner logs a hold's time when no amount is typed). */
function amountOf(entry: Entry, repsOrTime: number, i: number, errors: FieldErrors): number {
  if (entry.amount !== undefined) return entry.amount;
  if (repsOrTime === 2 && entry.time_to_complete !== undefined) return entry.time_to_complete;
  addError(
    errors,
    repsOrTime === 2 ? `${i}.time_to_complete` : `${i}.amount`,
    repsOrTime === 2 ? WARRIOR_MESSAGE.timeRequired : WARRIOR_MESSAGE.mustEnterReps,
  );
  return 0;
}

function requireEvery(
  errors: FieldErrors,
  key: string,
  exercises: PhaseExercise[],
  logged: Set<PhaseExercise>,
  what: string,
) {
  const missing = exercises.filter((e) => !logged.has(e)).map((e) => e.dto.form);
  if (missing.length)
    addError(errors, key, `Every ${what} of this phase needs a result; missing: ${missing.join(', ')}.`);
}

interface Recording {
  tx: EntityManager;
  userId: number;
  evo: IEvolution;
  type: TrackType;
  phase: TrackPhase;
  submission: IPhaseSubmission;
  /** The member's current form on each ladder (form group id -> form id), loaded once; moves change it in place. */
  current: Map<number, number>;
  /** The sets and tests logged, written in one statement once the submission has its id. */
  results: WorkoutResultRow[];
}

/** A workout_results row as logResult shapes it: its columns but the submission's id and the time, which the insert adds. */
type WorkoutResultRow = Omit<Insertable<Database['workout_results']>, 'id' | 'submission_id' | 'created_at'>;

/** Writes the logged sets of a submission in one statement: a phase logs up to a few hundred sets. */
async function insertResults(tx: EntityManager, submissionId: number, rows: WorkoutResultRow[]) {
  if (!rows.length) return;
  await db(tx)
    .insertInto('workout_results')
    .columns([
      'user_id',
      'submission_id',
      'evolution',
      'track',
      'version',
      'phase',
      'position',
      'calibration_id',
      'form_id',
      'form_group_id',
      'form_name',
      'amount',
      'time_to_complete',
      'total_weight',
      'par',
      'level',
      'progress',
      'reps_or_time',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<Required<WorkoutResultRow>>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'r'>(
            sql`r(user_id int, evolution int, track text, version int, phase int, position int, calibration_id int,
              form_id int, form_group_id int, form_name text, amount int, time_to_complete int, total_weight numeric, par int, level int, progress int, reps_or_time int)`,
          ),
        )
        .select((r) => [
          'r.user_id',
          r.val(submissionId).as('submission_id'),
          'r.evolution',
          'r.track',
          'r.version',
          'r.phase',
          'r.position',
          'r.calibration_id',
          'r.form_id',
          'r.form_group_id',
          'r.form_name',
          'r.amount',
          'r.time_to_complete',
          'r.total_weight',
          'r.par',
          'r.level',
          'r.progress',
          'r.reps_or_time',
          now().as('created_at'),
        ]),
    )
    .execute();
}

function logResult(
  r: Recording,
  position: number,
  row: {
    amount: number;
    timeToComplete: number | null;
    form: FormFacts;
    formName: string;
    repsOrTime: number;
    par: number;
    totalWeight: number;
    calibration?: number;
  },
) {
  r.results.push({
    user_id: r.userId,
    evolution: r.evo.evolution,
    track: r.type,
    version: r.submission.version,
    phase: r.phase.number,
    position,
    calibration_id: row.calibration ?? null,
    form_id: row.form.id,
    form_group_id: row.form.formGroup.id,
    form_name: row.formName,
    amount: row.amount,
    time_to_complete: row.timeToComplete,
    total_weight: row.totalWeight,
    par: row.par,
    level: row.form.level,
    progress: row.form.progress,
    reps_or_time: row.repsOrTime,
  });
}

/** Moves the member to `to` on a ladder and reports the move. */
function placeOnLadder(
  ladder: Ladder,
  to: FormFacts,
  move: LadderMove['move'],
  current: Map<number, number>,
): LadderMove {
  const existing = current.get(ladder.group.id);
  const from = existing !== undefined ? (ladder.forms.find((f) => f.id === existing) ?? null) : null;
  current.set(ladder.group.id, to.id);
  return {
    form_group_id: ladder.group.id,
    form_group: ladder.group.name,
    from_form_id: from?.id ?? null,
    from_form: from?.name ?? null,
    to_form_id: to.id,
    to_form: to.name,
    move,
  };
}

/** Writes the member's ladders after a submission in one statement: a form changed or a ladder stood on for the first time. */
async function saveLadders(tx: EntityManager, userId: number, before: Map<number, number>, after: Map<number, number>) {
  const changed = [...after]
    .filter(([group, form]) => before.get(group) !== form)
    .map(([group, form]) => ({ group, form }));
  if (!changed.length) return;
  await db(tx)
    .insertInto('member_forms')
    .columns(['user_id', 'form_group_id', 'form_id', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<(typeof changed)[number]>`jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)`.as<'x'>(
            sql`x("group" int, form int)`,
          ),
        )
        .select((x) => [
          x.val(userId).as('user_id'),
          'x.group',
          'x.form',
          now().as('created_at'),
          now().as('updated_at'),
        ]),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'form_group_id'])
        .doUpdateSet((eb) => ({ form_id: eb.ref('excluded.form_id'), updated_at: now() })),
    )
    .execute();
}

async function recordVo2(r: Recording, input: z.output<typeof vo2Payload>): Promise<SubmissionResult['data']['vo2']> {
  if (input.skip || input.time_to_complete === undefined) return null;
  const seconds = input.time_to_complete;
  const score = vo2Estimate(seconds)!;
  const levels = await r.tx.find(Vo2MaxLevel, {}, { orderBy: { level: 'asc', id: 'asc' } });
  const level = vo2Level(
    score,
    levels.map((l) => ({ id: l.id, name: l.levelName, min: l.min ?? null, max: l.max ?? null })),
  );
  const grade = gradeAt(seconds);
  r.tx.create(Vo2Test, {
    user: r.userId,
    submission: r.submission,
    evolution: r.evo.evolution,
    track: r.type,
    version: r.submission.version,
    seconds,
    grade,
    score,
    level: level?.id ?? null,
    levelName: level?.name ?? null,
  });
  return { seconds, grade, score, level: level?.name ?? null };
}

async function recordCalibration(
  r: Recording,
  entries: z.output<typeof calibrationPayload>,
  exercises: PhaseExercise[],
): Promise<LadderMove[]> {
  const errors: FieldErrors = {};
  const seen = new Set<PhaseExercise>();
  const tests = entries.map((entry, i) => {
    const exercise = exercises.find((e) => e.calibration!.id === entry.calibration_id);
    if (!exercise) return void addError(errors, `${i}.calibration_id`, 'The selected calibration id is invalid.');
    if (seen.has(exercise)) addError(errors, `${i}.calibration_id`, 'The calibration id field has a duplicate value.');
    seen.add(exercise);
    return { exercise, entry, amount: amountOf(entry, exercise.calibration!.repsOrTime, i, errors) };
  });
  requireEvery(errors, 'calibration_id', exercises, seen, 'calibration test');
  if (Object.keys(errors).length) fail(errors);
  const current = r.current;
  const moves: LadderMove[] = [];
  for (const [position, test] of tests.entries()) {
    const { exercise, entry, amount } = test!;
    const calibration = exercise.calibration!;
    const ladder = exercise.ladder!;
    const placed = ladder.forms[calibrationStartIndex(amount, calibration.max, ladder.forms.length)]!;
    moves.push(placeOnLadder(ladder, placed, 'placed', current));
    logResult(r, position, {
      amount,
      timeToComplete: entry.time_to_complete ?? null,
      form: placed,
      formName: calibration.form,
      repsOrTime: calibration.repsOrTime,
      par: par(calibration),
      totalWeight: calibration.totalWeight,
      calibration: calibration.id,
    });
  }
  return moves;
}

/** Resolves logged sets to the phase's exercises; 422 for unknown forms, missing reps or an exercise left out. */
function resolveSets<E extends Entry>(
  entries: E[],
  exercises: PhaseExercise[],
  find: (entry: E, i: number, errors: FieldErrors) => PhaseExercise | undefined,
) {
  const errors: FieldErrors = {};
  const seen = new Set<PhaseExercise>();
  const sets = entries.map((entry, i) => {
    const exercise = find(entry, i, errors);
    if (!exercise) return null;
    seen.add(exercise);
    return { exercise, entry, amount: amountOf(entry, exercise.form!.repsOrTime, i, errors) };
  });
  requireEvery(errors, 'entries', exercises, seen, 'exercise');
  if (Object.keys(errors).length) fail(errors);
  return sets.map((s) => s!);
}

function logSets(r: Recording, sets: ReturnType<typeof resolveSets>) {
  for (const [position, { exercise, entry, amount }] of sets.entries()) {
    const form = exercise.form!;
    logResult(r, position, {
      amount,
      timeToComplete: entry.time_to_complete ?? null,
      form,
      formName: form.name,
      repsOrTime: form.repsOrTime,
      par: par(form),
      totalWeight: exercise.dto.total_weight,
    });
  }
}

async function recordExercises(
  r: Recording,
  entries: z.output<typeof exercisesPayload>,
  exercises: PhaseExercise[],
): Promise<LadderMove[]> {
  const sets = resolveSets(entries, exercises, (entry, i, errors) => {
    const exercise = exercises.find((e) => e.form!.id === entry.form_id);
    if (!exercise) addError(errors, `${i}.form_id`, 'The selected form id is invalid.');
    return exercise;
  });
  logSets(r, sets);
  const current = r.current;
  const moves: LadderMove[] = [];
  for (const exercise of exercises) {
    const ladder = exercise.ladder!;
    const form = exercise.form!;
    const index = ladder.forms.indexOf(form);
    const amounts = sets.filter((s) => s.exercise === exercise).map((s) => s.amount);
    const step = doubleProgression(amounts, form, index, ladder.forms.length);
    moves.push(placeOnLadder(ladder, ladder.forms[step.index]!, step.move, current));
  }
  return moves;
}

function recordChallenge(r: Recording, entries: z.output<typeof challengePayload>, exercises: PhaseExercise[]) {
  const sets = resolveSets(entries, exercises, (entry, i, errors) => {
    const name = entry.form_name.toLowerCase();
    const exercise =
      exercises.find((e) => e.dto.form.toLowerCase() === name) ??
      exercises.find((e) => e.dto.name.toLowerCase() === name);
    if (!exercise) addError(errors, `${i}.form_name`, 'The selected form name is invalid.');
    return exercise;
  });
  logSets(r, sets);
}

async function recordDataAnalysis(r: Recording, input: z.output<typeof dataAnalysisPayload>) {
  const ids = [input.image1, input.image2, input.image3];
  // Shared locks: the hourly clean-up of unsubmitted photos (media.ts) skips them, or, holding them first, has
  // deleted them by the time they are read, which is then the usual 422 rather than a foreign-key failure.
  const media = await r.tx.find(Media, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_READ, refresh: true });
  const errors: FieldErrors = {};
  ids.forEach((id, i) => {
    const m = media.find((x) => x.id === id);
    if (!m || m.kind !== 'progress_photo') addError(errors, `image${i + 1}`, `Image ${i + 1} is invalid`);
    // Another member's photo: refused outright, whatever else is wrong.
    else if (m.owner?.id !== r.userId) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  });
  if (Object.keys(errors).length) fail(errors);
  const [vo2, ladders] = await Promise.all([
    r.tx.findOne(Vo2Test, { user: r.userId }, { orderBy: { id: 'desc' } }),
    loadLadders(r.tx),
  ]);
  const standings = await memberStandings(r.tx, r.userId, ladders);
  const muscle = muscleScores(
    [...ladders].map(([id, l]) => ({
      muscleGroups: l.muscles,
      currentIndex: standings.get(id) ?? 0,
      ladderLength: l.forms.length,
    })),
  );
  r.tx.create(ChamberSnapshot, {
    user: r.userId,
    submission: r.submission,
    evolution: r.evo.evolution,
    version: r.submission.version,
    weight: input.weight,
    bodyFat: input.body_fat,
    chest: input.chest,
    bicep: input.bicep,
    waist: input.waist,
    quad: input.quad,
    image1: input.image1,
    image2: input.image2,
    image3: input.image3,
    vo2Score: vo2?.score ?? null,
    vo2Level: vo2?.levelName ?? null,
    muscle,
  });
  // Submitted: the photos leave the waiting ones (the upload quota, the hourly clean-up) with this transaction.
  await r.tx.nativeUpdate(Media, { id: { $in: ids }, submittedAt: null }, { submittedAt: new Date() });
}

/** Moves the member past a submitted phase: next phase, next version, or (after the last version) a new evolution. */
async function advance(tx: EntityManager, evo: IEvolution, type: TrackType, phase: TrackPhase, phases: TrackPhase[]) {
  if (type === 'general')
    Object.assign(
      evo,
      setsAfterSubmission(
        { numberOfSets: evo.numberOfSets, pendingNumberOfSets: evo.pendingNumberOfSets ?? null },
        phase.number,
      ),
    );
  if (phase.number < phases.length) {
    evo.phase = phase.number + 1;
  } else if (type === 'calibration') {
    // The chamber opens from here (session.calibrated): no flag is written, so an admin's override stands.
    Object.assign(evo, { needCalibration: false, version: 1, phase: 1 });
  } else if (evo.version < (await generalVersions(tx)).length) {
    Object.assign(evo, { version: evo.version + 1, phase: 1 });
  } else {
    // Every evolution starts with a re-calibration.
    Object.assign(evo, { evolution: evo.evolution + 1, version: 1, phase: 1, needCalibration: true });
  }
}

/** What a submission request is, to tell a resend of the same submission from another one under the same key. */
interface SubmissionRequest {
  type: TrackType;
  phaseType: PhaseType;
  pageId: number | undefined;
  fingerprint: string;
}

/** The constraint that lets a member's idempotency key name one submission only. */
const SUBMISSION_KEY_CONSTRAINT = 'phase_submissions_user_id_idempotency_key_unique';

/** The stored answer of a submission, typed as the answer submitPhase stores there. */
const answerOf = (eb: ExpressionBuilder<Database, 'phase_submissions'>) =>
  eb.ref('response').$castTo<SubmissionResult>().as('response');

const keyedSubmissionQuery = (kysely: Kysely<Database>, userId: number, key: string) =>
  kysely
    .selectFrom('phase_submissions')
    .select((eb) => ['track', 'phase_type', 'page_id', 'fingerprint', answerOf(eb)])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key);
const readKeyedSubmission = prepared(keyedSubmissionQuery);

const latestSubmissionQuery = (kysely: Kysely<Database>, userId: number) =>
  kysely
    .selectFrom('phase_submissions')
    .select(['id', 'track', 'phase_type', 'page_id', 'fingerprint'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1);
const readLatestSubmission = prepared(latestSubmissionQuery);

const submissionAnswerQuery = (kysely: Kysely<Database>, id: number) =>
  kysely.selectFrom('phase_submissions').select(answerOf).where('id', '=', id);
const readSubmissionAnswer = prepared(submissionAnswerQuery);

/**
 * The stored answer of the member's submission made with `key`, or null when none was. 422 when that key was used
 * for another submission (another track, phase type, page or payload): the device reused a key, nothing is counted.
 */
async function keyedAnswer(
  em: EntityManager,
  userId: number,
  key: string,
  request: SubmissionRequest,
): Promise<SubmissionResult | null> {
  const [first] = await readKeyedSubmission(em, userId, key);
  if (!first) return null;
  const same =
    first.track === request.type &&
    first.phase_type === request.phaseType &&
    first.fingerprint === request.fingerprint &&
    (request.pageId === undefined || first.page_id === request.pageId);
  if (!same) throw validationError('idempotency_key', WARRIOR_MESSAGE.idempotencyKeyReused);
  return first.response;
}

/** Who may train is settled before a submission's body is read (a multipart upload is read only then): 403 otherwise. */
export async function maySubmit(ctx: SignedInContext): Promise<void> {
  await trainingState(ctx);
}

/**
 * POST user/channel/warrior/{type}/phase/{phaseType}: records the active phase and moves the member on, in one
 * transaction with the member's programme row locked. A submission sent with an idempotency key the member already
 * used is answered with that submission's stored answer, however the programme has moved since (422 when the key
 * was used for another submission). Otherwise, a retry of the submission just accepted (same page id, or the same
 * payload when no page id is sent) is answered with the first answer; both count nothing. Any other phase than the
 * active one is refused with 409, and a refused submission keeps nothing, its key included. The caller has passed
 * maySubmit.
 */
export async function submitPhase(
  ctx: SignedInContext,
  input: z.output<typeof submitPhaseInput>,
): Promise<{ body: SubmissionResult; replayed: boolean }> {
  const { type, phaseType, page_id: pageId, payload, idempotency_key: key } = input;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([type, phaseType, payload.input]))
    .digest('hex');
  const request: SubmissionRequest = { type, phaseType, pageId, fingerprint };

  try {
    return await recordSubmission(ctx, request, payload, key ?? null);
  } catch (err) {
    // The row lock lets one send of a key in at a time; should two still meet, the unique index refuses the later one, which replays the first.
    if (!key || !isUniqueViolation(err, SUBMISSION_KEY_CONSTRAINT)) throw err;
    const first = await keyedAnswer(ctx.em, ctx.actor.me.id, key, request);
    if (!first) throw err;
    return { body: first, replayed: true };
  }
}

/** submitPhase's transaction: the replay of a known key or of the latest submission, or the submission recorded. */
async function recordSubmission(
  ctx: SignedInContext,
  request: SubmissionRequest,
  payload: Payload,
  key: string | null,
): Promise<{ body: SubmissionResult; replayed: boolean }> {
  const { type, phaseType, pageId, fingerprint } = request;
  const { actor } = ctx;
  return ctx.em.transactional(async (tx) => {
    const evo = await tx.findOneOrFail(
      Evolution,
      { user: actor.me.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (key) {
      const first = await keyedAnswer(tx, actor.me.id, key, request);
      if (first) return { body: first, replayed: true };
    }
    // The last submission without its (large) answer, read as a row: the answer is read only for a retry that replays it.
    const [latest] = await readLatestSubmission(tx, actor.me.id);
    // With a key of its own, only the same payload is that retry: other results for a phase already done (another
    // phone, another tab) are refused below with 409 rather than answered as taken, so the member sees them refused.
    const samePhase = pageId !== undefined ? latest?.page_id === pageId : latest?.fingerprint === fingerprint;
    const sameRequest =
      latest &&
      latest.track === type &&
      latest.phase_type === phaseType &&
      samePhase &&
      (!key || latest.fingerprint === fingerprint);
    if (sameRequest) {
      const [first] = await readSubmissionAnswer(tx, latest.id);
      return { body: first!.response, replayed: true };
    }

    assertOnTrack(evo, type);
    const { phase, phases } = await currentPhase(tx, evo, type);
    if (!phase || phase.key !== phaseType || (pageId !== undefined && pageId !== phase.page.id))
      throw new DomainError('CONFLICT', WARRIOR_MESSAGE.notActivePhase);

    const userId = actor.me.id;
    // Ladders are read once: the exercises stand on them and the moves write them.
    const before = ['exercise', 'exercises', 'challenge'].includes(phase.key)
      ? await memberForms(tx, userId)
      : new Map<number, number>();
    const current = new Map(before);
    const exercises = await phaseExercises(tx, userId, phase, undefined, before);
    const version = trackVersion(type, evo);
    const submission = tx.create(PhaseSubmission, {
      user: userId,
      evolution: evo.evolution,
      track: type,
      version,
      phase: phase.number,
      phaseType,
      page: phase.page.id,
      fingerprint,
      response: {},
      idempotencyKey: key,
    });
    const r: Recording = { tx, userId, evo, type, phase, submission, current, results: [] };
    let ladder: LadderMove[] = [];
    let vo2: SubmissionResult['data']['vo2'] = null;
    if (payload.type === 'vo2') vo2 = await recordVo2(r, payload.input);
    else if (payload.type === 'exercise') ladder = await recordCalibration(r, payload.input, exercises);
    else if (payload.type === 'exercises') ladder = await recordExercises(r, payload.input, exercises);
    else if (payload.type === 'challenge') recordChallenge(r, payload.input, exercises);
    else if (payload.type === 'data-analysis') await recordDataAnalysis(r, payload.input);

    await advance(tx, evo, type, phase, phases);
    const body: SubmissionResult = {
      message: `${phase.page.title} complete.`,
      data: {
        ...evolutionState(evo),
        access: { evolution_page: chamberOpen(actor.me.access, evo) },
        submitted: { type, phase_type: phaseType, version, phase: phase.number, page_id: phase.page.id },
        ladder,
        vo2,
      },
    };
    submission.response = body;
    // The submission, ladders and position are written first (the sets need the submission's id), all in this transaction.
    await tx.flush();
    await insertResults(tx, submission.id, r.results);
    await saveLadders(tx, userId, before, current);
    return { body, replayed: false };
  });
}
