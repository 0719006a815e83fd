import { useState } from 'react';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { seenAt } from './OfflineMarker.tsx';
import { dismissSubmission, type QueuedSubmission } from './queue.ts';
import { useQueuedSubmissions, useSendQueued } from './useSubmissionQueue.ts';
import './QueuedSubmissions.css';

/** Send now: for a member who knows the signal is back before the phone does (so never turned off offline). */
function SendNow() {
  const send = useSendQueued();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      busy={busy}
      onClick={() => {
        setBusy(true);
        void send().finally(() => setBusy(false));
      }}
    >
      Send now
    </Button>
  );
}

/** One queued phase: saved on this phone and waiting, or refused by the server with its message. */
function QueuedNote({ entry }: { entry: QueuedSubmission }) {
  if (entry.state === 'refused') {
    return (
      <div className="queued queued--refused" role="alert">
        <p className="queued__title">
          {entry.title} ({entry.label}) was not accepted
        </p>
        <p className="queued__text">{entry.refusal?.message}</p>
        <p className="queued__text muted">
          Finished on this phone at {seenAt(entry.savedAt)}. Nothing of it was counted.
        </p>
        <div className="panel__actions">
          <Button variant="ghost" onClick={() => void dismissSubmission(entry.key)}>
            Dismiss
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="queued" role="status">
      <p className="queued__title">
        {entry.title} ({entry.label}) is saved on this phone
      </p>
      <p className="queued__text">
        Finished at {seenAt(entry.savedAt)}. It will be sent as soon as you are back online, and counted once. Your next
        phase opens when it has been accepted.
      </p>
      <div className="panel__actions">
        <SendNow />
      </div>
    </div>
  );
}

/** In the runner, in place of a phase already finished on this phone. */
export function QueuedPhase({ entry, back }: { entry: QueuedSubmission; back: string }) {
  return (
    <div className="panel">
      <QueuedNote entry={entry} />
      <div className="panel__actions">
        <ButtonLink href={back} variant="ghost">
          Phases
        </ButtonLink>
      </div>
    </div>
  );
}

/** Above every member screen: what this phone still has to send, or what the server refused. */
export function QueuedSubmissions() {
  const queued = useQueuedSubmissions();
  if (!queued.length) return null;
  return (
    <section className="queued-list" aria-label="Phases saved on this phone">
      {queued.map((entry) => (
        <QueuedNote key={entry.key} entry={entry} />
      ))}
    </section>
  );
}
