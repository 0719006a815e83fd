import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { LazyConfirmDialog } from '../../../components/ui/LazyConfirmDialog.tsx';
import { RestartDialog } from './RestartDialog.tsx';
import { TimerButtons, TimerDisplay } from './TimerDisplay.tsx';
import { TIMER, formatTimer, treadmillGrade, wholeSeconds } from './phaseRunner.ts';
import { usePhaseRun, type RunnerProps } from './usePhaseRun.ts';
import { workRoute } from './usePhaseSubmit.ts';

/** Gradient now and when it next rises, from the running time. */
function Gradient({ elapsedMs }: { elapsedMs: number }) {
  const seconds = elapsedMs / 1000;
  const grade = treadmillGrade(seconds);
  const nextAt = seconds < 180 ? 180 : 180 + 120 * (Math.floor((seconds - 180) / 120) + 1);
  return (
    <dl className="timer__facts">
      <div>
        <dt>Speed</dt>
        <dd>5 mph (8 km/h)</dd>
      </div>
      <div>
        <dt>Gradient</dt>
        <dd>{grade.toFixed(1)}%</dd>
      </div>
      <div>
        <dt>Next +2.5% at</dt>
        <dd>{formatTimer(nextAt * 1000).replace(/\.00$/, '')}</dd>
      </div>
    </dl>
  );
}

/**
 * The treadmill VO2 test: Play (5 s countdown, GO, running time), Stop (finished: Submit Data), Restart after
 * 'YOU SURE?' in status 0 or 3, and Skip test, which records no score and goes on to the Work route.
 */
export function Vo2Runner(props: RunnerProps) {
  const { type, phase } = props;
  const { state, dispatch, submit, busy, sent, submitData, askRestart, restart } = usePhaseRun(props);
  const [confirmSkip, setConfirmSkip] = useState(false);
  const status = state.timer.status;

  return (
    <section className="panel" aria-label="Treadmill test">
      <TimerDisplay timer={state.timer} extra={(ms) => <Gradient elapsedMs={ms} />} />
      {status === TIMER.finished && (
        <p className="runner-card__result" role="status">
          Your time: <strong>{wholeSeconds(state.timer.elapsedMs)} s</strong> ({formatTimer(state.timer.elapsedMs)})
        </p>
      )}
      <div className="runner-controls">
        {(status === TIMER.idle || status === TIMER.running) && <TimerButtons status={status} dispatch={dispatch} />}
        {status === TIMER.finished && (
          <Button className="runner-controls__main" busy={busy} disabled={sent} onClick={submitData}>
            Submit Data
          </Button>
        )}
        {(status === TIMER.idle || status === TIMER.finished) && (
          <Button variant="ghost" onClick={askRestart} disabled={busy || sent}>
            Restart
          </Button>
        )}
        {status === TIMER.idle && (
          <Button variant="ghost" onClick={() => setConfirmSkip(true)} disabled={busy || sent}>
            Skip test
          </Button>
        )}
      </div>
      <RestartDialog {...restart} text="The timer goes back to zero and this time is lost." />
      <LazyConfirmDialog
        open={confirmSkip}
        onOpenChange={setConfirmSkip}
        title="Skip the test?"
        text="Nothing is recorded for this test and you move on. Next you can set your work volume."
        confirmLabel="Skip test"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => submit({ skip: 1 }, workRoute(type, phase.type))}
      />
    </section>
  );
}
