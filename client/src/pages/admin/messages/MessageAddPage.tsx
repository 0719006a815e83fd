import { useDeferredValue, useEffect, useId, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, ROLE, TOAST_MS } from '@evolution/shared';
import { fieldErrors } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { FieldError, RadioChoice, SelectField, TextAreaField, TextField } from '../../../components/ui/Field.tsx';
import { SaveForm } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { useForm, type FieldErrors, type FormState } from '../../../forms/useForm.ts';
import { MessageBody } from '../../messages/MessageBody.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import {
  MESSAGE_LIST,
  SEND_FIELDS,
  messagePath,
  newSendKey,
  placeRecipientError,
  sendPayload,
  validateSend,
  type RecipientKind,
  type SendField,
} from './messageAdmin.ts';
import './messages.css';

interface ChosenMember {
  id: number;
  name: string;
  email: string;
}

/** /admin/message/add: subject, recipient (one member found by name or email, or every member of a channel) and message. */
export default function MessageAddPage() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const send = trpc.admin.messages.send.useMutation();
  // One key for this form's send: a double click or a retry after a lost answer sends the message once.
  const [sendKey] = useState(newSendKey);
  const form = useForm<SendField>(
    { subject: '', recipient_kind: 'member', recipient_id: '', channel_id: '', message: '' },
    validateSend,
    SEND_FIELDS,
  );
  const kind = form.values.recipient_kind as RecipientKind;
  // Typing stays quick on a long message: the preview follows a beat behind.
  const preview = useDeferredValue(form.values.message);
  const previewId = useId();

  return (
    <AdminScreen title="New Message" back={{ href: MESSAGE_LIST, label: 'Messages' }} className="page--narrow">
      <SaveForm
        form={form}
        save={send}
        input={(values) => sendPayload(values, sendKey)}
        onSaved={(res) => {
          void utils.admin.messages.list.invalidate();
          toast.success(res.message, TOAST_MS.apiError);
          navigate(messagePath(res.data.id));
        }}
        onRefused={(error) =>
          form.setServerErrors(placeRecipientError(fieldErrors(error) as FieldErrors<SendField>, kind))
        }
      >
        <TextField
          label="Subject"
          autoComplete="off"
          required
          maxLength={MESSAGE_SUBJECT_MAX}
          {...form.bind('subject')}
        />
        <RecipientPicker form={form} kind={kind} />
        <TextAreaField
          label="Message"
          required
          rows={8}
          maxLength={MESSAGE_BODY_MAX}
          hint="Markdown: **bold**, - for a bullet, 1. for a step, [words](https://address); a line break stays. HTML is shown as text."
          {...form.bind('message')}
        />
        {preview.trim() && (
          <section className="panel message-preview" aria-labelledby={previewId}>
            <h2 id={previewId} className="message-preview__title">
              Preview
            </h2>
            <MessageBody text={preview} />
          </section>
        )}
        <FormActions submit="Send message" busy={send.isPending} cancelHref={MESSAGE_LIST} />
      </SaveForm>
    </AdminScreen>
  );
}

const RECIPIENT_KINDS: readonly [RecipientKind, string][] = [
  ['member', 'One member'],
  ['channel', 'Every member of a channel'],
];

function RecipientPicker({ form, kind }: { form: FormState<SendField>; kind: RecipientKind }) {
  const channels = trpc.channels.list.useQuery(undefined, { enabled: kind === 'channel' });
  const setKind = (next: RecipientKind) => form.set('recipient_kind', next);
  return (
    <fieldset className="recipient-picker">
      <legend className="field__label">Recipient</legend>
      <div className="recipient-kind">
        {RECIPIENT_KINDS.map(([value, text]) => (
          <RadioChoice
            key={value}
            name="recipient_kind"
            value={value}
            checked={kind === value}
            onChange={() => setKind(value)}
          >
            {text}
          </RadioChoice>
        ))}
      </div>
      {kind === 'member' ? (
        <MemberPicker form={form} />
      ) : (
        <SelectField
          label="Channel"
          hint="Members whose subscription to it is active when you send."
          {...form.bind('channel_id')}
        >
          <option value="">Choose a channel</option>
          {(channels.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
    </fieldset>
  );
}

/** Finds members by name or email (the admin user search, members only) and keeps the one chosen. */
function MemberPicker({ form }: { form: FormState<SendField> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ChosenMember | null>(null);
  // The search follows the typing after a short pause rather than on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = trpc.admin.users.list.useQuery(
    { page: 1, search, categoryId: ROLE.member },
    { placeholderData: keepPreviousData },
  );
  const members = found.data?.data ?? [];
  const error = form.shown('recipient_id');
  const errorId = `${id}-error`;

  return (
    <div className="form-section">
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-search`}>
          Find a member by name or email
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="field__input"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <fieldset
        className="choice-list member-results"
        aria-busy={found.isFetching || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="visually-hidden">Members found</legend>
        {members.map((m) => (
          <RadioChoice
            key={m.id}
            name="recipient_id"
            value={m.id}
            checked={form.values.recipient_id === String(m.id)}
            onChange={() => {
              form.set('recipient_id', String(m.id));
              setChosen({ id: m.id, name: m.name, email: m.email });
            }}
          >
            {m.name} · {m.email}
          </RadioChoice>
        ))}
        {found.isSuccess && members.length === 0 && <p className="muted">No member matches “{search}”.</p>}
      </fieldset>
      {chosen && form.values.recipient_id === String(chosen.id) && (
        <p className="recipient-chosen" aria-live="polite">
          Sending to <strong>{chosen.name}</strong> ({chosen.email})
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
