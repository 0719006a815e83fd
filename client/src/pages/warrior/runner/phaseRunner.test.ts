import { beforeEach, describe, expect, it } from 'vitest';
import type { Exercise, PhaseData } from '@evolution/shared';
import {
  COUNTDOWN_MS,
  RESUME_RUNNING_MS,
  RUNNER_CACHE_KEY,
  RUNNER_MESSAGE,
  TIMER,
  cacheableState,
  canSubmit,
  formatTimer,
  initialRunnerState,
  planOf,
  readRunnerCache,
  restoreRunnerState,
  runnerReducer,
  saveRunnerCache,
  submissionData,
  timerView,
  treadmillGrade,
  wholeSeconds,
  type RunnerAction,
  type RunnerPlan,
  type RunnerState,
} from './phaseRunner.ts';

const exercise = (id: number, form: string, repsOrTime: 1 | 2 = 1): Exercise => ({
  id,
  name: `Group ${id}`,
  form,
  form_group_id: id,
  video_link: null,
  video_path: null,
  reps_or_time: repsOrTime,
  total_weight: 0,
  min: 5,
  max: 10,
});

function phase(over: Partial<PhaseData> = {}): PhaseData {
  const data = [exercise(15, 'Diamond push-up'), exercise(23, 'Pull-up negative'), exercise(61, 'Pike hold on box', 2)];
  return {
    data,
    repeats: 2,
    chunk: 2,
    // Two chunks (15, 23) and (61), each repeated twice, as the server sends them.
    rounds: [
      { number: 1, name: 'One', repeat: 1, exercise_ids: [15, 23] },
      { number: 2, name: 'Two', repeat: 2, exercise_ids: [15, 23] },
      { number: 3, name: 'Three', repeat: 1, exercise_ids: [61] },
      { number: 4, name: 'Four', repeat: 2, exercise_ids: [61] },
    ],
    page: {
      id: 32,
      title: 'Upper body strength',
      content: '',
      video_link: null,
      video_path: null,
      warrior_channel: { type: 'general' },
    },
    type: 'exercises',
    evolution: 1,
    version: 1,
    phase: 2,
    ...over,
  };
}

/** Runs actions through the reducer from a fresh state. */
function run(plan: RunnerPlan, actions: RunnerAction[], from: RunnerState = initialRunnerState(plan)): RunnerState {
  return actions.reduce((s, a) => runnerReducer(plan, s, a), from);
}

/** One timed set: play at t, stop `seconds` after GO. */
const timed = (t: number, seconds: number): RunnerAction[] => [
  { type: 'play', now: t },
  { type: 'stop', now: t + COUNTDOWN_MS + seconds * 1000 },
];
const repsSet = (t: number, reps: string, seconds = 30): RunnerAction[] => [
  ...timed(t, seconds),
  { type: 'draft', value: reps },
  { type: 'save' },
];
const timeSet = (t: number, seconds: number): RunnerAction[] => [...timed(t, seconds), { type: 'save' }];

describe('the timer (states 0 idle, 1 counting down or running, 2 stopped, 3 finished)', () => {
  it('counts down five seconds, shows GO, then runs in hundredths', () => {
    const timer = { status: TIMER.running, startedAt: 1000, elapsedMs: 0, disabled: false } as const;
    expect(timerView(timer, 1000)).toEqual({ countdown: 5, go: false, elapsedMs: 0 });
    expect(timerView(timer, 1000 + 4001).countdown).toBe(1);
    expect(timerView(timer, 1000 + 5000)).toEqual({ countdown: null, go: true, elapsedMs: 0 });
    expect(timerView(timer, 1000 + 5000 + 12_345)).toEqual({ countdown: null, go: false, elapsedMs: 12_345 });
    expect(formatTimer(12_345)).toBe('12.34');
    expect(formatTimer(905_070)).toBe('15:05.07');
  });

  it('sends whole seconds: 12.49 s is 12, 12.5 s is 13', () => {
    expect(wholeSeconds(12_490)).toBe(12);
    expect(wholeSeconds(12_500)).toBe(13);
  });

  it("refuses Play while a timer runs with 'You can't start it now'", () => {
    const plan = planOf(phase());
    const once = run(plan, [{ type: 'play', now: 0 }]);
    expect(once.timer.status).toBe(TIMER.running);
    const twice = runnerReducer(plan, once, { type: 'play', now: 2000 });
    expect(twice.timer).toEqual(once.timer);
    expect(twice.notice?.text).toBe(RUNNER_MESSAGE.cantStart);
    expect(RUNNER_MESSAGE.cantStart).toBe("You can't start it now");
    // The same notice again is a new notice (it shows again).
    expect(runnerReducer(plan, twice, { type: 'play', now: 3000 }).notice?.seq).toBe((twice.notice?.seq ?? 0) + 1);
  });

  it('cannot start after a disableTimer event', () => {
    const plan = planOf(phase());
    const state = run(plan, [{ type: 'disableTimer' }, { type: 'play', now: 0 }]);
    expect(state.timer.status).toBe(TIMER.idle);
    expect(state.notice?.text).toBe(RUNNER_MESSAGE.cantStart);
  });

  it('Stop during the countdown cancels it; after GO it freezes the time (status 2)', () => {
    const plan = planOf(phase());
    expect(
      run(plan, [
        { type: 'play', now: 0 },
        { type: 'stop', now: 3000 },
      ]).timer,
    ).toMatchObject({ status: TIMER.idle, elapsedMs: 0 });
    expect(run(plan, timed(0, 42.25)).timer).toMatchObject({ status: TIMER.stopped, elapsedMs: 42_250 });
  });

  it('treadmill gradient: 0% to 3:00, 2.5% at 3:00, +2.5% every 2 minutes', () => {
    expect([0, 179, 180, 299, 300, 900].map(treadmillGrade)).toEqual([0, 0, 2.5, 2.5, 5, 17.5]);
  });
});

describe('the endurance (VO2) test', () => {
  const vo2 = planOf(phase({ type: 'vo2', data: [], rounds: [], repeats: 1 }));

  it('stops into status 3 and submits the time in whole seconds', () => {
    const state = run(vo2, timed(0, 900.4));
    expect(state.timer.status).toBe(TIMER.finished);
    expect(canSubmit(vo2, state)).toBe(true);
    expect(submissionData(vo2, state)).toEqual({ ok: true, data: { time_to_complete: 900 } });
  });

  it('has nothing to submit before it finishes', () => {
    expect(canSubmit(vo2, initialRunnerState(vo2))).toBe(false);
    expect(submissionData(vo2, run(vo2, [{ type: 'play', now: 0 }])).ok).toBe(false);
  });

  it('restarts only in status 0 or 3, resetting the timer', () => {
    const finished = run(vo2, timed(0, 300));
    expect(run(vo2, [{ type: 'restart' }], finished).timer).toMatchObject({ status: TIMER.idle, elapsedMs: 0 });
    const running = run(vo2, [{ type: 'play', now: 0 }]);
    expect(run(vo2, [{ type: 'restart' }], running)).toBe(running);
  });
});

describe('exercise phases: rounds (chunks) and repeats', () => {
  const plan = planOf(phase());

  it('follows the server rounds: names, repeats and set positions', () => {
    expect(plan.rounds.map((r) => [r.name, r.repeat, r.exercises.map((e) => e.id), r.offset])).toEqual([
      ['One', 1, [15, 23], 0],
      ['Two', 2, [15, 23], 2],
      ['Three', 1, [61], 4],
      ['Four', 2, [61], 5],
    ]);
    expect(plan.setCount).toBe(6);
  });

  it("refuses to save a reps exercise without reps: 'You must enter reps', and stays on it", () => {
    const stopped = run(plan, timed(0, 30));
    const saved = run(plan, [{ type: 'save' }], stopped);
    expect(saved.notice?.text).toBe('You must enter reps');
    expect(saved).toMatchObject({ position: 0, round: 0, sets: stopped.sets, timer: { status: TIMER.stopped } });
    expect(run(plan, [{ type: 'draft', value: 'ten' }, { type: 'save' }], stopped).notice?.text).toBe(
      'You must enter reps',
    );
  });

  it('saves a set and moves to the next exercise with the timer idle', () => {
    const state = run(plan, repsSet(0, '12', 31.6));
    expect(state).toMatchObject({ round: 0, position: 1, draft: '', timer: { status: TIMER.idle, elapsedMs: 0 } });
    expect(state.sets[0]).toEqual({ amount: 12, seconds: 32 });
  });

  it('logs a time exercise automatically from the timer', () => {
    const atHold = run(plan, [
      ...repsSet(0, '10'),
      ...repsSet(100_000, '6'),
      { type: 'next' },
      ...repsSet(200_000, '9'),
      ...repsSet(300_000, '5'),
      { type: 'next' },
    ]);
    expect(atHold).toMatchObject({ round: 2, position: 0 });
    const stopped = run(plan, timed(400_000, 41.2), atHold);
    expect(stopped.draft).toBe('41');
    expect(run(plan, [{ type: 'save' }], stopped).sets[4]).toEqual({ amount: 41, seconds: 41 });
  });

  it('finishes a round in status 3 with Next; the last round offers Submit Data', () => {
    const roundOne = run(plan, [...repsSet(0, '10'), ...repsSet(100_000, '6')]);
    expect(roundOne.timer.status).toBe(TIMER.finished);
    expect(canSubmit(plan, roundOne)).toBe(false);
    // Play is refused while the round is finished.
    expect(run(plan, [{ type: 'play', now: 1 }], roundOne).notice?.text).toBe(RUNNER_MESSAGE.cantStart);
    const roundTwo = run(plan, [{ type: 'next' }], roundOne);
    expect(roundTwo).toMatchObject({ round: 1, position: 0, timer: { status: TIMER.idle } });

    const last = run(
      plan,
      [
        ...repsSet(200_000, '11'),
        ...repsSet(300_000, '7'),
        { type: 'next' },
        ...timeSet(400_000, 40),
        { type: 'next' },
        ...timeSet(500_000, 45),
      ],
      roundTwo,
    );
    expect(last).toMatchObject({ round: 3, timer: { status: TIMER.finished } });
    expect(canSubmit(plan, last)).toBe(true);
    // Next does nothing on the last round.
    expect(run(plan, [{ type: 'next' }], last)).toBe(last);
    expect(submissionData(plan, last)).toEqual({
      ok: true,
      data: [
        { form_id: 15, amount: 10, time_to_complete: 30 },
        { form_id: 23, amount: 6, time_to_complete: 30 },
        { form_id: 15, amount: 11, time_to_complete: 30 },
        { form_id: 23, amount: 7, time_to_complete: 30 },
        { form_id: 61, amount: 40, time_to_complete: 40 },
        { form_id: 61, amount: 45, time_to_complete: 45 },
      ],
    });
  });

  it('blocks Submit Data while any set has no amount', () => {
    const partial = {
      ...initialRunnerState(plan),
      round: 3,
      timer: { ...initialRunnerState(plan).timer, status: TIMER.finished },
    } as RunnerState;
    expect(submissionData(plan, partial)).toEqual({ ok: false, message: 'You must enter reps' });
  });

  it('names the exercise as each phase type needs: calibration id, form id or form name', () => {
    const entry = (type: PhaseData['type']) => {
      const p = planOf(phase({ type, rounds: [{ number: 1, name: 'One', repeat: 1, exercise_ids: [15] }] }));
      const done = run(p, repsSet(0, '25', 60));
      return submissionData(p, done);
    };
    expect(entry('exercise')).toEqual({ ok: true, data: [{ calibration_id: 15, amount: 25, time_to_complete: 60 }] });
    expect(entry('exercises')).toEqual({ ok: true, data: [{ form_id: 15, amount: 25, time_to_complete: 60 }] });
    expect(entry('challenge')).toEqual({
      ok: true,
      data: [{ form_name: 'Diamond push-up', amount: 25, time_to_complete: 60 }],
    });
  });

  it('Restart returns to the first round with nothing logged', () => {
    const midway = run(plan, [
      ...repsSet(0, '10'),
      ...repsSet(100_000, '6'),
      { type: 'next' },
      ...repsSet(200_000, '9'),
    ]);
    expect(run(plan, [{ type: 'restart' }], midway)).toMatchObject({
      round: 0,
      position: 0,
      sets: [null, null, null, null, null, null],
      timer: { status: TIMER.idle },
    });
    // Not while a set is being timed.
    const running = run(plan, [{ type: 'play', now: 300_000 }], midway);
    expect(run(plan, [{ type: 'restart' }], running)).toBe(running);
  });
});

describe('the progress cache (local storage, active phase with page and user ids)', () => {
  const plan = planOf(phase());
  const me = { pageId: 32, userId: 7, signature: plan.signature };
  const progressed = run(plan, [...repsSet(0, '10'), ...repsSet(100_000, '6')]);

  beforeEach(() => localStorage.clear());

  it('restores the logged sets for the same page and member', () => {
    saveRunnerCache(localStorage, me, cacheableState(progressed));
    expect(JSON.parse(localStorage.getItem(RUNNER_CACHE_KEY)!)).toMatchObject({ page_id: 32, user_id: 7 });
    const restored = restoreRunnerState(plan, readRunnerCache(localStorage, me));
    expect(restored).toEqual({ ...progressed, notice: null });
  });

  it('clears the cache of another member instead of restoring it', () => {
    saveRunnerCache(localStorage, { ...me, userId: 8 }, cacheableState(progressed));
    expect(readRunnerCache(localStorage, me)).toBeNull();
    expect(localStorage.getItem(RUNNER_CACHE_KEY)).toBeNull();
  });

  it('clears the cache of another page (or another shape of the same page)', () => {
    saveRunnerCache(localStorage, { ...me, pageId: 33 }, cacheableState(progressed));
    expect(readRunnerCache(localStorage, me)).toBeNull();
    expect(localStorage.getItem(RUNNER_CACHE_KEY)).toBeNull();
    saveRunnerCache(localStorage, { ...me, signature: 'exercises:1,2' }, cacheableState(progressed));
    expect(readRunnerCache(localStorage, me)).toBeNull();
  });

  it('keeps a timer that was running going from when Play was pressed, with what was logged', () => {
    const running = run(plan, [{ type: 'play', now: 500_000 }], run(plan, [{ type: 'next' }], progressed));
    saveRunnerCache(localStorage, me, cacheableState(running));
    const restored = restoreRunnerState(plan, readRunnerCache(localStorage, me), 500_000 + 65_000);
    expect(restored).toMatchObject({ round: 1, position: 0, timer: { status: TIMER.running, startedAt: 500_000 } });
    // 65 s after Play: 5 s of countdown, then a minute on the clock.
    expect(timerView(restored!.timer, 565_000).elapsedMs).toBe(60_000);
    expect(restored?.sets.slice(0, 2)).toEqual([
      { amount: 10, seconds: 30 },
      { amount: 6, seconds: 30 },
    ]);
  });

  it('restarts from idle a running timer started over two hours ago or in the future', () => {
    const running = run(plan, [{ type: 'play', now: 500_000 }], run(plan, [{ type: 'next' }], progressed));
    saveRunnerCache(localStorage, me, cacheableState(running));
    const stale = restoreRunnerState(plan, readRunnerCache(localStorage, me), 500_000 + RESUME_RUNNING_MS + 1);
    expect(stale?.timer).toMatchObject({ status: TIMER.idle, startedAt: null, elapsedMs: 0 });
    const future = restoreRunnerState(plan, readRunnerCache(localStorage, me), 499_999);
    expect(future?.timer).toMatchObject({ status: TIMER.idle, startedAt: null });
  });

  it('ignores a malformed cache', () => {
    localStorage.setItem(RUNNER_CACHE_KEY, '{not json');
    expect(readRunnerCache(localStorage, me)).toBeNull();
    expect(restoreRunnerState(plan, { sets: [1, 2], timer: {} })).toBeNull();
    expect(restoreRunnerState(plan, { ...cacheableState(progressed), round: 9 })).toBeNull();
  });
});
