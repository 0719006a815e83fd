import { FLAG_STATUS, flagReplyInput, type FlagDto, type FlagSaved } from '@evolution/shared';
import { Button } from '../../components/ui/Button.tsx';
import { TextAreaField } from '../../components/ui/Field.tsx';
import { SaveForm, type SaveMutation } from '../../components/ui/SaveForm.tsx';
import { schemaErrors, useForm } from '../../forms/useForm.ts';
import { formatWhen } from '../../forms/format.ts';
import './flags.css';

// What the member's and the coaches' flag screens share: the status badge, the thread and the reply box.

/** Open or Closed, as a badge (status 0 open, 1 closed). */
export function FlagStatusBadge({ status }: { status: number }) {
  return status === FLAG_STATUS.open ? (
    <span className="badge badge--warning">Open</span>
  ) : (
    <span className="badge badge--success">Closed</span>
  );
}

/** The opening message, then every response oldest first; each says who wrote it and when. */
export function FlagThread({ flag, viewer }: { flag: FlagDto; viewer: 'member' | 'coach' }) {
  const entries = [
    { key: 'opening', from: flag.from, byCoach: false, message: flag.message, at: flag.created_at },
    ...flag.responses.map((r) => ({
      key: String(r.id),
      from: r.from,
      byCoach: r.by_coach,
      message: r.message,
      at: r.created_at,
    })),
  ];
  // The viewer's own side sits on the right, as in a chat.
  const mine = (byCoach: boolean) => (viewer === 'coach') === byCoach;
  return (
    <ol className="stack-list flag-thread" aria-label="Messages">
      {entries.map((e) => (
        <li
          key={e.key}
          className={`flag-thread__item${mine(e.byCoach) ? ' flag-thread__item--mine' : ''}${e.byCoach ? ' flag-thread__item--coach' : ''}`}
        >
          <article className="flag-message" aria-label={`${e.from}, ${formatWhen(e.at)}`}>
            <header className="flag-message__head">
              <span className="flag-message__from">{e.from}</span>
              {e.byCoach && <span className="badge badge--accent">Coach</span>}
              <time className="flag-message__when" dateTime={e.at}>
                {formatWhen(e.at)}
              </time>
            </header>
            <p className="flag-message__text">{e.message}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}

type Field = 'message';
const FIELDS: readonly Field[] = ['message'];
const validateReply = (values: Record<Field, string>) => schemaErrors(flagReplyInput, values, FIELDS);

type ReplyMutation = SaveMutation<{ id: number; message: string }, FlagSaved>;

/**
 * The reply box of an open flag: 'The message is required' before sending, the server's 422 under the field; after a
 * reply the box clears and `onSent` has the thread the answer carries. The button waits while a reply is on its way.
 */
export function FlagReplyForm({
  flagId,
  reply,
  onSent,
  closed = false,
}: {
  flagId: number;
  reply: ReplyMutation;
  onSent: (saved: FlagSaved) => void;
  /** Closed while this screen was open (by either side): what was typed stays, to copy, and nothing can be sent. */
  closed?: boolean;
}) {
  const form = useForm<Field>({ message: '' }, validateReply, FIELDS);
  if (closed) {
    if (!form.values.message.trim()) return null;
    return (
      <div className="panel form flag-reply">
        <TextAreaField
          label="Your reply (not sent)"
          rows={4}
          readOnly
          hint="The flag was closed before this was sent. It is kept here for you to copy."
          {...form.bind('message')}
        />
      </div>
    );
  }
  // SaveForm sends one reply for a double click; the server also drops an identical repeat.
  return (
    <SaveForm
      className="panel form flag-reply"
      aria-label="Reply"
      form={form}
      save={reply}
      input={(values) => ({ id: flagId, message: values.message })}
      onSaved={(saved) => {
        form.reset({ message: '' });
        onSent(saved);
      }}
    >
      <TextAreaField label="Your reply" rows={4} maxLength={10_000} {...form.bind('message')} />
      <div className="panel__actions">
        <Button type="submit" busy={reply.isPending}>
          Send reply
        </Button>
      </div>
    </SaveForm>
  );
}
