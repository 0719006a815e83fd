import { useState } from 'react';
import { ACCOUNT_MESSAGE, contactDetailsInput, TOAST_MS, type ContactDetailsDto } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageTitle } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { SaveForm } from '../../components/ui/SaveForm.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { schemaErrors, useForm } from '../../forms/useForm.ts';
import { QueryState } from '../../components/ui/QueryState.tsx';

type Field = keyof ContactDetailsDto;

/** The eleven fields with the labels the shared schema's '{label} is required' messages use. */
export const CONTACT_FIELDS: readonly {
  name: Field;
  label: string;
  type?: string;
  autoComplete?: string;
  required: boolean;
}[] = [
  { name: 'address_line1', label: 'Address Line 1', autoComplete: 'address-line1', required: true },
  { name: 'address_line2', label: 'Address Line 2', autoComplete: 'address-line2', required: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'county', label: 'County', autoComplete: 'address-level1', required: true },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code', required: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', required: true },
  { name: 'telephone', label: 'Telephone', type: 'tel', autoComplete: 'tel', required: true },
  { name: 'twitter', label: 'Twitter', required: false },
  { name: 'linkedin', label: 'LinkedIn', required: false },
  { name: 'facebook', label: 'Facebook', required: false },
  { name: 'instagram', label: 'Instagram', required: false },
];
const NAMES = CONTACT_FIELDS.map((f) => f.name);

const toForm = (d: ContactDetailsDto | undefined) =>
  Object.fromEntries(NAMES.map((n) => [n, d?.[n] ?? ''])) as Record<Field, string>;
const validateContact = (values: Record<Field, string>) => schemaErrors(contactDetailsInput, values, NAMES);

/** /with_menu/contact_information: the details in view mode; Edit turns them into a form, Save stores them and returns to view. */
export default function ContactInformationPage() {
  const utils = trpc.useUtils();
  const details = trpc.account.contactDetails.useQuery(undefined, { staleTime: 0 });
  const save = trpc.account.updateContactDetails.useMutation();
  const [editing, setEditing] = useState(false);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <header className="page__header page__header--split">
        <div>
          <PageTitle eyebrow="Account settings" title="Contact Information" />
        </div>
        {details.isSuccess &&
          (editing ? (
            // Distinct keys: React must not turn the clicked Edit button into Save mid-click (that would submit the form).
            <Button key="save" type="submit" form="contact-form" busy={save.isPending}>
              Save
            </Button>
          ) : (
            <Button key="edit" variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ))}
      </header>
      <QueryState query={details} loading="Loading your contact information" />
      {details.isSuccess && !editing && (
        <dl className="panel details">
          {CONTACT_FIELDS.map((f) => (
            <div key={f.name}>
              <dt>{f.label}</dt>
              <dd>{details.data[f.name] || <span className="muted">Not given</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      {details.isSuccess && editing && (
        <ContactForm
          initial={toForm(details.data)}
          save={save}
          onSaved={(saved) => {
            utils.account.contactDetails.setData(undefined, saved);
            toast.success(ACCOUNT_MESSAGE.contactUpdated, TOAST_MS.apiError);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}

type SaveMutation = ReturnType<typeof trpc.account.updateContactDetails.useMutation>;

function ContactForm({
  initial,
  save,
  onSaved,
  onCancel,
}: {
  initial: Record<Field, string>;
  save: SaveMutation;
  onSaved: (d: ContactDetailsDto) => void;
  onCancel: () => void;
}) {
  const form = useForm(initial, validateContact, NAMES);
  return (
    <SaveForm id="contact-form" form={form} save={save} input={(values) => values} onSaved={onSaved}>
      <div className="form-grid">
        {CONTACT_FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            required={f.required}
            {...form.bind(f.name)}
          />
        ))}
      </div>
      <div className="panel__actions">
        <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </SaveForm>
  );
}
