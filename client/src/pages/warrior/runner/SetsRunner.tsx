import type { FormEvent } from 'react';
import type { Exercise } from '@evolution/shared';
import { REPS_OR_TIME } from '@evolution/shared/constants';
import { VideoSlot } from '../../../components/VideoSlot.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/Field.tsx';
import { RestartDialog } from './RestartDialog.tsx';
import { TimerButtons, TimerDisplay } from './TimerDisplay.tsx';
import { TIMER, canSubmit, currentExercise, currentSlot, isLastRound, type LoggedSet } from './phaseRunner.ts';
import { usePhaseRun, type RunnerProps } from './usePhaseRun.ts';

const unit = (e: Exercise) => (e.reps_or_time === REPS_OR_TIME.time ? 's' : 'reps');
const amountText = (e: Exercise, set: LoggedSet) =>
  e.reps_or_time === REPS_OR_TIME.time ? `${set.amount} s` : `${set.amount} ${set.amount === 1 ? 'rep' : 'reps'}`;

/** What the member aims for: a calibration is a max test; a form has its range (and any added load). */
function targetText(phaseType: string, e: Exercise): string {
  if (phaseType === 'exercise')
    return e.reps_or_time === REPS_OR_TIME.time
      ? 'Max test: hold as long as you can'
      : 'Max test: as many clean reps as you can';
  if (phaseType === 'challenge')
    return e.reps_or_time === REPS_OR_TIME.time ? 'Hold until the shape breaks' : 'As many clean reps as you can';
  const range = `${e.min}–${e.max} ${unit(e)}`;
  return e.total_weight > 0 ? `${range} · ${e.total_weight} kg` : range;
}

/**
 * The form group's demonstration video, as the phase's answer carries it (the uploaded video's signed address before
 * the host link): nothing is asked for, and an exercise without one shows no player.
 */
function ExerciseVideo({ exercise }: { exercise: Exercise }) {
  return <VideoSlot link={exercise.video_link} path={exercise.video_path} title={`${exercise.form}: demonstration`} />;
}

/**
 * Exercise phases (calibration max tests, exercises, challenge): round by round, each set is timed (Play, 5 s
 * countdown, GO, Stop), its reps entered (time forms log their time) and saved; a finished round offers Next, the
 * last one Submit Data. Restart goes back to the first round after 'YOU SURE?'.
 */
export function SetsRunner(props: RunnerProps) {
  const { plan } = props;
  const { state, dispatch, busy, sent, submitData, askRestart, restart } = usePhaseRun(props);
  const round = plan.rounds[state.round];
  const exercise = currentExercise(plan, state);
  const status = state.timer.status;
  const slot = currentSlot(plan, state);
  const logged = state.sets.filter(Boolean).length;

  if (!round || !exercise) return <p className="empty">This phase has no exercises yet.</p>;

  const save = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'save' });
  };

  return (
    <div className="runner">
      {plan.phaseType === 'challenge' && <p className="runner__banner">ONE ROUND MAX OUTPUT</p>}
      <section className="runner-round" aria-labelledby="round-title">
        <div className="runner-round__head">
          <h2 id="round-title" className="runner-round__title">
            Round {round.name}
          </h2>
          <p className="runner-round__meta">
            {plan.repeats > 1 && (
              <span>
                Repeat {round.repeat} of {plan.repeats}
              </span>
            )}
            <span>
              Round {state.round + 1} of {plan.rounds.length}
            </span>
            <span>
              {logged} of {plan.setCount} sets logged
            </span>
          </p>
        </div>
        <ol className="round-steps">
          {round.exercises.map((e, i) => {
            const set = state.sets[round.offset + i];
            const current = i === state.position && status !== TIMER.finished;
            return (
              <li
                key={`${e.id}-${i}`}
                className={`round-step${current ? ' round-step--current' : ''}${set ? ' round-step--done' : ''}`}
                aria-current={current ? 'step' : undefined}
              >
                <span className="round-step__name">{e.form}</span>
                <span className="round-step__value">{set ? amountText(e, set) : current ? 'Now' : '—'}</span>
              </li>
            );
          })}
        </ol>
      </section>

      {status === TIMER.finished ? (
        <section className="panel" aria-label="Round complete">
          <p className="eyebrow">Round {round.name}</p>
          <h2 className="runner-card__title">{isLastRound(plan, state) ? 'Phase complete' : 'Round complete'}</h2>
          <p className="muted">
            {isLastRound(plan, state)
              ? 'Every set is logged. Submit your data to finish the phase.'
              : `Rest, then start round ${plan.rounds[state.round + 1]?.name ?? ''}.`}
          </p>
          <div className="runner-controls">
            {canSubmit(plan, state) ? (
              <Button className="runner-controls__main" busy={busy} disabled={sent} onClick={submitData}>
                Submit Data
              </Button>
            ) : (
              <Button className="runner-controls__main" onClick={() => dispatch({ type: 'next' })}>
                Next
              </Button>
            )}
          </div>
        </section>
      ) : (
        <section className="panel" aria-labelledby="exercise-title">
          <p className="eyebrow">{exercise.name}</p>
          <h2 id="exercise-title" className="runner-card__title">
            {exercise.form}
          </h2>
          <p className="runner-card__target">{targetText(plan.phaseType, exercise)}</p>
          <ExerciseVideo exercise={exercise} />
          <TimerDisplay timer={state.timer} />
          {status === TIMER.stopped ? (
            <form className="runner-log" onSubmit={save} noValidate>
              {exercise.reps_or_time === REPS_OR_TIME.time ? (
                <p className="runner-log__time" role="status">
                  Time logged: <strong>{state.draft || '0'} s</strong>
                </p>
              ) : (
                <TextField
                  label="Reps"
                  name="reps"
                  inputMode="numeric"
                  autoComplete="off"
                  // The field appears when the set stops: typing goes straight in.
                  autoFocus
                  value={state.draft}
                  onChange={(e) => dispatch({ type: 'draft', value: e.target.value })}
                />
              )}
              <Button type="submit" className="runner-controls__main">
                Save
              </Button>
            </form>
          ) : (
            <div className="runner-controls">
              <TimerButtons status={status} dispatch={dispatch} />
            </div>
          )}
          <p className="visually-hidden" aria-live="polite">
            Set {slot + 1} of {plan.setCount}
          </p>
        </section>
      )}

      <div className="runner__footer">
        <Button variant="ghost" size="sm" onClick={askRestart} disabled={status === TIMER.running || busy || sent}>
          Restart
        </Button>
      </div>
      <RestartDialog
        {...restart}
        text="You go back to the first round and the sets logged in this phase are cleared."
      />
    </div>
  );
}
