import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { TIMER, formatTimer, timerView, type RunnerAction, type Timer, type TimerStatus } from './phaseRunner.ts';

const STATUS_TEXT = { 0: 'Ready', 1: 'Running', 2: 'Stopped', 3: 'Finished' } as const;

/** The wall clock, re-read every 10 ms while `active` (the timer's resolution). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 10);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/**
 * The big timer: the 5-second countdown, then GO, then the running time in hundredths; frozen once stopped.
 * It alone re-renders every 10 ms. `extra` renders beside it from the running time (the treadmill gradient).
 */
export function TimerDisplay({ timer, extra }: { timer: Timer; extra?: (elapsedMs: number) => ReactNode }) {
  const running = timer.status === TIMER.running;
  const now = useNow(running);
  const view = timerView(timer, running ? now : Date.now());
  const announce = view.countdown !== null ? String(view.countdown) : view.go ? 'GO' : '';
  const stage = view.countdown !== null ? 'countdown' : view.go ? 'go' : running ? 'running' : 'still';
  return (
    <div className={`timer timer--${stage}`} data-status={timer.status}>
      <p className="timer__label">
        {view.countdown !== null ? 'Get ready' : view.go ? 'GO' : STATUS_TEXT[timer.status]}
      </p>
      {view.countdown !== null ? (
        <p className="timer__countdown" aria-hidden="true">
          {view.countdown}
        </p>
      ) : (
        <p className="timer__time" role="timer" aria-label="Timer">
          {formatTimer(view.elapsedMs)}
        </p>
      )}
      {/* Announce the countdown and GO, not the hundredths. */}
      <p className="visually-hidden" aria-live="assertive">
        {announce}
      </p>
      {extra?.(view.elapsedMs)}
    </div>
  );
}

/**
 * Play (which stays pressable while running: pressing it then says 'You can't start it now') and, while the timer
 * runs, Stop.
 */
export function TimerButtons({ status, dispatch }: { status: TimerStatus; dispatch: (action: RunnerAction) => void }) {
  return (
    <>
      <Button
        variant={status === TIMER.running ? 'secondary' : 'primary'}
        className="runner-controls__main"
        onClick={() => dispatch({ type: 'play', now: Date.now() })}
      >
        Play
      </Button>
      {status === TIMER.running && (
        <Button
          variant="danger"
          className="runner-controls__main"
          onClick={() => dispatch({ type: 'stop', now: Date.now() })}
        >
          Stop
        </Button>
      )}
    </>
  );
}
