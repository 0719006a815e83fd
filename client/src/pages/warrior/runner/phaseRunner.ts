import type { Exercise, PhaseData, PhaseType } from '@evolution/shared';
import { REPS_OR_TIME, TOAST_MS } from '@evolution/shared/constants';
import { WARRIOR_MESSAGE } from '@evolution/shared/constants';

/**
 * The phase runner's state machine (spec section 4, "Phase timer states", "Endurance test", "Exercise phase"), as a
 * pure reducer: the screen dispatches, renders and caches what this module decides. Time comes in with each action
 * (`now`, wall-clock ms), so the reducer never reads a clock.
 */

/** Timer states: 0 idle, 1 counting down or running, 2 stopped, 3 finished. */
export const TIMER = { idle: 0, running: 1, stopped: 2, finished: 3 } as const;
export type TimerStatus = (typeof TIMER)[keyof typeof TIMER];

/** The countdown before a timed effort (spec section 9). */
export const COUNTDOWN_MS = 5000;
/** How long GO stays on screen once the timer runs. */
const GO_MS = 1000;

export const RUNNER_MESSAGE = {
  cantStart: "You can't start it now",
  mustEnterReps: WARRIOR_MESSAGE.mustEnterReps,
} as const;
/** Both runner notices show for 2 s (spec section 8). */
export const RUNNER_NOTICE_MS = TOAST_MS.short;

export interface Timer {
  status: TimerStatus;
  /** When Play was pressed (the countdown's start), while status is 1. */
  startedAt: number | null;
  /** The frozen time once stopped or finished, in ms. */
  elapsedMs: number;
  /** After a disableTimer event the timer cannot start. */
  disabled: boolean;
}

const IDLE_TIMER: Timer = { status: TIMER.idle, startedAt: null, elapsedMs: 0, disabled: false };

/** What the timer shows at `now`: a countdown second (5..1), GO, and the running time. */
export function timerView(timer: Timer, now: number): { countdown: number | null; go: boolean; elapsedMs: number } {
  if (timer.status !== TIMER.running || timer.startedAt === null)
    return { countdown: null, go: false, elapsedMs: timer.elapsedMs };
  const since = Math.max(0, now - timer.startedAt);
  if (since < COUNTDOWN_MS) return { countdown: Math.ceil((COUNTDOWN_MS - since) / 1000), go: false, elapsedMs: 0 };
  const elapsedMs = since - COUNTDOWN_MS;
  return { countdown: null, go: elapsedMs < GO_MS, elapsedMs };
}

/** The time as the runner shows it: m:ss.hh (hundredths, two decimals), or s.hh under a minute. */
export function formatTimer(ms: number): string {
  const hundredths = Math.floor(Math.max(0, ms) / 10);
  const minutes = Math.floor(hundredths / 6000);
  const seconds = Math.floor((hundredths % 6000) / 100);
  const fraction = String(hundredths % 100).padStart(2, '0');
  return minutes > 0 ? `${minutes}:${String(seconds).padStart(2, '0')}.${fraction}` : `${seconds}.${fraction}`;
}

/** The time sent to the server: whole seconds (spec section 9). */
export const wholeSeconds = (ms: number): number => Math.round(Math.max(0, ms) / 1000);

/** Treadmill gradient in % at `seconds`: 0, then 2.5 at 3:00 and 2.5 more every 2 minutes (spec section 9). */
export function treadmillGrade(seconds: number): number {
  return seconds < 180 ? 0 : 2.5 * (1 + Math.floor((seconds - 180) / 120));
}

// ---------------------------------------------------------------------------------------------------------------
// The plan: what the phase asks for, derived once from the phase data.

type RunnerKind = 'vo2' | 'sets' | 'done' | 'data-analysis';

interface PlanRound {
  name: string;
  /** 1-based pass through this round's chunk. */
  repeat: number;
  exercises: Exercise[];
  /** Index of the round's first set among all sets of the phase. */
  offset: number;
}

export interface RunnerPlan {
  kind: RunnerKind;
  phaseType: PhaseType;
  /** Passes per chunk. */
  repeats: number;
  rounds: PlanRound[];
  /** Number of sets in the phase (every exercise of every round). */
  setCount: number;
  /** Identifies the phase's shape, so a cached run is only restored onto the same rounds. */
  signature: string;
}

function runnerKind(type: PhaseType): RunnerKind {
  if (type === 'vo2') return 'vo2';
  if (type === 'flexibility' || type === 'recovery') return 'done';
  if (type === 'data-analysis') return 'data-analysis';
  return 'sets';
}

/** The phase's rounds with their exercises, as the server built them (names One..Fourteen, repeats, the 14 cap). */
export function planOf(phase: Pick<PhaseData, 'type' | 'data' | 'rounds' | 'repeats'>): RunnerPlan {
  const kind = runnerKind(phase.type);
  const byId = new Map(phase.data.map((e) => [e.id, e]));
  const source = phase.rounds.map((r) => ({
    name: r.name,
    repeat: r.repeat,
    exercises: r.exercise_ids.map((id) => byId.get(id)).filter((e): e is Exercise => e !== undefined),
  }));
  const rounds: PlanRound[] = [];
  let offset = 0;
  for (const r of kind === 'sets' ? source.filter((s) => s.exercises.length > 0) : []) {
    rounds.push({ ...r, offset });
    offset += r.exercises.length;
  }
  const signature = `${phase.type}:${rounds.map((r) => r.exercises.map((e) => e.id).join(',')).join('|')}`;
  return { kind, phaseType: phase.type, repeats: phase.repeats, rounds, setCount: offset, signature };
}

// ---------------------------------------------------------------------------------------------------------------
// The run.

/** One logged set: reps (or seconds for a time form) and the timer's whole seconds. */
export interface LoggedSet {
  amount: number;
  seconds: number;
}

export interface RunnerState {
  /** Index of the current round (chunk pass). */
  round: number;
  /** Index of the current exercise within the round. */
  position: number;
  timer: Timer;
  /** Every set of the phase in order; null until logged. */
  sets: (LoggedSet | null)[];
  /** Reps typed for the current exercise. */
  draft: string;
  /** The latest notice to show; `seq` changes with every notice so a repeat shows again. */
  notice: { text: string; seq: number } | null;
}

export type RunnerAction =
  | { type: 'play'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'draft'; value: string }
  | { type: 'save' }
  | { type: 'next' }
  | { type: 'restart' }
  | { type: 'disableTimer' };

export function initialRunnerState(plan: Pick<RunnerPlan, 'setCount'>): RunnerState {
  return {
    round: 0,
    position: 0,
    timer: IDLE_TIMER,
    sets: Array.from({ length: plan.setCount }, () => null),
    draft: '',
    notice: null,
  };
}

const withNotice = (state: RunnerState, text: string): RunnerState => ({
  ...state,
  notice: { text, seq: (state.notice?.seq ?? 0) + 1 },
});

/** The exercise in front of the member, if any. */
export function currentExercise(plan: RunnerPlan, state: RunnerState): Exercise | null {
  return plan.rounds[state.round]?.exercises[state.position] ?? null;
}

/** Index of the current set among all sets of the phase. */
export function currentSlot(plan: RunnerPlan, state: RunnerState): number {
  return (plan.rounds[state.round]?.offset ?? 0) + state.position;
}

export const isLastRound = (plan: RunnerPlan, state: RunnerState): boolean => state.round >= plan.rounds.length - 1;

/** Reps as typed: a whole number from 0, or null. */
function parseReps(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  return Number(text);
}

function startTimer(state: RunnerState, now: number): RunnerState {
  if (state.timer.disabled || state.timer.status !== TIMER.idle) return withNotice(state, RUNNER_MESSAGE.cantStart);
  return { ...state, timer: { ...state.timer, status: TIMER.running, startedAt: now, elapsedMs: 0 } };
}

/** Stops the timer; stopping during the countdown cancels it. Returns null when nothing runs. */
function stoppedTimer(timer: Timer, now: number, to: TimerStatus): Timer | null {
  if (timer.status !== TIMER.running) return null;
  const view = timerView(timer, now);
  if (view.countdown !== null) return { ...timer, status: TIMER.idle, startedAt: null, elapsedMs: 0 };
  return { ...timer, status: to, startedAt: null, elapsedMs: view.elapsedMs };
}

/** The treadmill (VO2) test: play, stop (finished, Submit Data), restart in status 0 or 3. */
function vo2Reducer(state: RunnerState, action: RunnerAction): RunnerState {
  switch (action.type) {
    case 'play':
      return startTimer(state, action.now);
    case 'stop': {
      const timer = stoppedTimer(state.timer, action.now, TIMER.finished);
      return timer ? { ...state, timer } : state;
    }
    case 'restart':
      if (state.timer.status !== TIMER.idle && state.timer.status !== TIMER.finished) return state;
      return { ...state, timer: { ...IDLE_TIMER, disabled: state.timer.disabled } };
    case 'disableTimer':
      return { ...state, timer: { ...state.timer, disabled: true } };
    default:
      return state;
  }
}

/** Exercise phases: per set play, stop (2), reps, save; after a round's last set status 3 offers Next or Submit Data. */
function setsReducer(plan: RunnerPlan, state: RunnerState, action: RunnerAction): RunnerState {
  const exercise = currentExercise(plan, state);
  switch (action.type) {
    case 'play':
      return exercise ? startTimer(state, action.now) : state;
    case 'stop': {
      const timer = stoppedTimer(state.timer, action.now, TIMER.stopped);
      if (!timer || !exercise) return state;
      // A time form logs its time: the stopped timer is the amount.
      const draft =
        exercise.reps_or_time === REPS_OR_TIME.time && timer.status === TIMER.stopped
          ? String(wholeSeconds(timer.elapsedMs))
          : state.draft;
      return { ...state, timer, draft };
    }
    case 'draft':
      return { ...state, draft: action.value };
    case 'save': {
      if (!exercise || state.timer.status !== TIMER.stopped) return state;
      const seconds = wholeSeconds(state.timer.elapsedMs);
      const amount = exercise.reps_or_time === REPS_OR_TIME.time ? seconds : parseReps(state.draft);
      if (amount === null) return withNotice(state, RUNNER_MESSAGE.mustEnterReps);
      const sets = [...state.sets];
      sets[currentSlot(plan, state)] = { amount, seconds };
      const round = plan.rounds[state.round]!;
      if (state.position >= round.exercises.length - 1) {
        return { ...state, sets, draft: '', timer: { ...state.timer, status: TIMER.finished, startedAt: null } };
      }
      return {
        ...state,
        sets,
        draft: '',
        position: state.position + 1,
        timer: { ...IDLE_TIMER, disabled: state.timer.disabled },
      };
    }
    case 'next':
      if (state.timer.status !== TIMER.finished || isLastRound(plan, state)) return state;
      return {
        ...state,
        round: state.round + 1,
        position: 0,
        draft: '',
        timer: { ...IDLE_TIMER, disabled: state.timer.disabled },
      };
    case 'restart':
      if (state.timer.status === TIMER.running) return state;
      return {
        ...initialRunnerState(plan),
        timer: { ...IDLE_TIMER, disabled: state.timer.disabled },
        notice: state.notice,
      };
    case 'disableTimer':
      return { ...state, timer: { ...state.timer, disabled: true } };
  }
}

/** The runner's reducer for a plan. */
export function runnerReducer(plan: RunnerPlan, state: RunnerState, action: RunnerAction): RunnerState {
  if (plan.kind === 'vo2') return vo2Reducer(state, action);
  if (plan.kind === 'sets') return setsReducer(plan, state, action);
  return action.type === 'disableTimer' ? { ...state, timer: { ...state.timer, disabled: true } } : state;
}

// ---------------------------------------------------------------------------------------------------------------
// Submission

export type SubmitCheck =
  { ok: true; data: Record<string, unknown> | Record<string, unknown>[] } | { ok: false; message: string | null };

/** May Submit Data show: the VO2 test once finished; an exercise phase once the last round is finished. */
export function canSubmit(plan: RunnerPlan, state: RunnerState): boolean {
  if (plan.kind === 'vo2') return state.timer.status === TIMER.finished;
  if (plan.kind === 'sets') return isLastRound(plan, state) && state.timer.status === TIMER.finished;
  return true;
}

/**
 * The payload of Submit Data, or why it cannot go: a reps set without an amount blocks it with 'You must enter reps'.
 * Built from the state alone, so a retry after a failed submit sends exactly the same payload.
 */
export function submissionData(plan: RunnerPlan, state: RunnerState): SubmitCheck {
  if (plan.kind === 'vo2') {
    return state.timer.status === TIMER.finished
      ? { ok: true, data: { time_to_complete: wholeSeconds(state.timer.elapsedMs) } }
      : { ok: false, message: null };
  }
  if (plan.kind !== 'sets') return { ok: true, data: {} };
  const entries: Record<string, unknown>[] = [];
  for (const round of plan.rounds) {
    for (const [i, exercise] of round.exercises.entries()) {
      const set = state.sets[round.offset + i];
      if (!set) return { ok: false, message: RUNNER_MESSAGE.mustEnterReps };
      entries.push({ ...exerciseKey(plan.phaseType, exercise), amount: set.amount, time_to_complete: set.seconds });
    }
  }
  return { ok: true, data: entries };
}

/** How an entry names its exercise: calibration id, form id, or (challenge) form name. */
function exerciseKey(type: PhaseType, exercise: Exercise): Record<string, unknown> {
  if (type === 'exercise') return { calibration_id: exercise.id };
  if (type === 'challenge') return { form_name: exercise.form };
  return { form_id: exercise.id };
}

// ---------------------------------------------------------------------------------------------------------------
// The cache: the active phase's progress in local storage, for this page and this member only.

export const RUNNER_CACHE_KEY = 'activePhase';

interface RunnerCacheEntry<P> {
  page_id: number;
  user_id: number;
  signature: string;
  progress: P;
}

interface CacheIdentity {
  pageId: number;
  userId: number;
  signature: string;
}

/** Stores the progress of the active phase under `activePhase`, with the page and member it belongs to. */
export function saveRunnerCache<P>(storage: Storage, id: CacheIdentity, progress: P): void {
  const entry: RunnerCacheEntry<P> = { page_id: id.pageId, user_id: id.userId, signature: id.signature, progress };
  try {
    storage.setItem(RUNNER_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // A full or blocked storage: the run goes on, it just cannot survive a reload.
  }
}

export function clearRunnerCache(storage: Storage): void {
  try {
    storage.removeItem(RUNNER_CACHE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The cached progress when it belongs to this page, member and phase shape; any other cache is cleared. */
export function readRunnerCache(storage: Storage, id: CacheIdentity): unknown {
  let raw: string | null = null;
  try {
    raw = storage.getItem(RUNNER_CACHE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let entry: Partial<RunnerCacheEntry<unknown>> | null = null;
  try {
    entry = JSON.parse(raw) as Partial<RunnerCacheEntry<unknown>>;
  } catch {
    entry = null;
  }
  if (!entry || entry.page_id !== id.pageId || entry.user_id !== id.userId || entry.signature !== id.signature) {
    clearRunnerCache(storage);
    return null;
  }
  return entry.progress ?? null;
}

const isTimerStatus = (v: unknown): v is TimerStatus => v === 0 || v === 1 || v === 2 || v === 3;

/** How long after Play a reload may still pick up a running timer (a treadmill test, a long hold); older runs restart. */
export const RESUME_RUNNING_MS = 2 * 60 * 60 * 1000;

/**
 * A cached run for this plan, checked field by field: logged sets, position and a stopped or finished time come
 * back; a timer that was running keeps running from when Play was pressed (a reload or a phone dropping the tab
 * mid-test loses nothing), unless that was in the future or over RESUME_RUNNING_MS ago. Anything malformed → null.
 */
export function restoreRunnerState(plan: RunnerPlan, cached: unknown, now: number = Date.now()): RunnerState | null {
  if (typeof cached !== 'object' || cached === null) return null;
  const c = cached as Partial<RunnerState>;
  if (!Array.isArray(c.sets) || c.sets.length !== plan.setCount) return null;
  const sets = c.sets.map((s): LoggedSet | null | undefined => {
    if (s === null) return null;
    if (
      typeof s === 'object' &&
      Number.isInteger(s.amount) &&
      s.amount >= 0 &&
      Number.isInteger(s.seconds) &&
      s.seconds >= 0
    )
      return { amount: s.amount, seconds: s.seconds };
    return undefined;
  });
  if (sets.some((s) => s === undefined)) return null;
  const round = Number.isInteger(c.round) ? (c.round as number) : 0;
  const position = Number.isInteger(c.position) ? (c.position as number) : 0;
  if (
    plan.kind === 'sets' &&
    (round < 0 || round >= plan.rounds.length || position < 0 || position >= plan.rounds[round]!.exercises.length)
  )
    return null;
  const t = c.timer;
  if (!t || !isTimerStatus(t.status) || typeof t.elapsedMs !== 'number' || !(t.elapsedMs >= 0)) return null;
  const disabled = Boolean(t.disabled);
  let timer: Timer = { status: t.status, startedAt: null, elapsedMs: t.elapsedMs, disabled };
  if (t.status === TIMER.running) {
    const since = typeof t.startedAt === 'number' ? now - t.startedAt : Number.NaN;
    timer =
      since >= 0 && since <= RESUME_RUNNING_MS
        ? { status: TIMER.running, startedAt: t.startedAt as number, elapsedMs: 0, disabled }
        : { ...IDLE_TIMER, disabled };
  }
  return {
    round,
    position,
    timer,
    sets: sets as (LoggedSet | null)[],
    draft: typeof c.draft === 'string' ? c.draft : '',
    notice: null,
  };
}

/** What is cached of a run: everything but the notice. */
export function cacheableState(state: RunnerState): Omit<RunnerState, 'notice'> {
  const { notice: _notice, ...rest } = state;
  return rest;
}
