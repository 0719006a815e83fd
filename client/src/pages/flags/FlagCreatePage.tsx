import { useLocation } from 'wouter';
import { FLAG_MESSAGE_MAX, FLAG_SUBJECT_MAX, TOAST_MS, flagCreateInput } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextAreaField, TextField } from '../../components/ui/Field.tsx';
import { SaveForm } from '../../components/ui/SaveForm.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { schemaErrors, useForm } from '../../forms/useForm.ts';
import { FLAG_LIST } from './FlagListPage.tsx';

type Field = 'subject' | 'message';
const FIELDS: readonly Field[] = ['subject', 'message'];
const validate = (values: Record<Field, string>) => schemaErrors(flagCreateInput, values, FIELDS);

/** /with_menu/assistance_flags/create: subject and message ('The subject is required', 'The message is required'). */
export default function FlagCreatePage() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const open = trpc.flags.open.useMutation();
  const form = useForm<Field>({ subject: '', message: '' }, validate, FIELDS);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader
        back={{ href: FLAG_LIST, label: 'Assistance Flags' }}
        eyebrow="Account settings"
        title="New Assistance Flag"
      >
        <p className="muted">Tell a coach what you need help with. You are emailed when they reply.</p>
      </PageHeader>
      {/* SaveForm sends one request for a double click; the server also answers a repeat with the first flag. */}
      <SaveForm
        form={form}
        save={open}
        input={(values) => values}
        onSaved={(saved) => {
          toast.success(saved.message, TOAST_MS.apiError);
          void utils.flags.list.invalidate();
          navigate(`${FLAG_LIST}/${saved.data.id}`);
        }}
      >
        <TextField label="Subject" required maxLength={FLAG_SUBJECT_MAX} {...form.bind('subject')} />
        <TextAreaField label="Message" required rows={6} maxLength={FLAG_MESSAGE_MAX} {...form.bind('message')} />
        <div className="panel__actions">
          <Button type="submit" busy={open.isPending}>
            Send to a coach
          </Button>
        </div>
      </SaveForm>
    </section>
  );
}
