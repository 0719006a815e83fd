import { useLocation } from 'wouter';
import { channelUpdateInput, planUpdateInput, type AdminChannel } from '@evolution/shared';
import { fieldErrors } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/Field.tsx';
import { SaveForm } from '../../../components/ui/SaveForm.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { formatDuration } from '../../../forms/format.ts';
import { schemaErrors, useForm, type FieldErrors } from '../../../forms/useForm.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { EditScreen } from '../common/EditScreen.tsx';
import { FormActions } from '../common/FormActions.tsx';
import { CHANNEL_LIST } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';
import { renameNote } from './channelRename.ts';

// Field names: 'name', and per plan `amount_{id}` (pounds) and `active_{id}` ('1' on sale, '' off).
const amountField = (id: number) => `amount_${id}`;
const activeField = (id: number) => `active_${id}`;

function toValues(c: AdminChannel): Record<string, string> {
  const values: Record<string, string> = { name: c.name };
  for (const p of c.plans) {
    values[amountField(p.id)] = p.amount.toFixed(2);
    values[activeField(p.id)] = p.active ? '1' : '';
  }
  return values;
}

/** /admin/channel/{id}/edit: the channel's name and its plans' prices and on-sale switches. */
export default function ChannelEditPage({ params }: PageProps) {
  const id = Number(params.id);
  const channel = trpc.admin.channels.get.useQuery({ id }, { staleTime: 0 });
  return (
    <EditScreen
      title="Edit Channel"
      back={{ href: CHANNEL_LIST, label: 'Channel Management' }}
      query={channel}
      loading="Loading the channel"
    >
      {(row) => <ChannelForm key={row.updated_at} channel={row} />}
    </EditScreen>
  );
}

function ChannelForm({ channel }: { channel: AdminChannel }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const save = trpc.admin.channels.update.useMutation();
  const plans = channel.plans;
  const order = ['name', ...plans.map((p) => amountField(p.id))];
  const validate = (v: Record<string, string>) => {
    const errors: FieldErrors<string> = schemaErrors(channelUpdateInput, { name: v.name }, ['name']);
    for (const p of plans) {
      const amount = schemaErrors(planUpdateInput, { id: p.id, amount: v[amountField(p.id)], active: true }, [
        'amount',
      ]).amount;
      if (amount) errors[amountField(p.id)] = amount;
    }
    return errors;
  };
  const form = useForm(toValues(channel), validate, order);

  return (
    <SaveForm
      form={form}
      save={save}
      input={(values) => ({
        id: channel.id,
        name: values.name ?? '',
        plans: plans.map((p) => ({
          id: p.id,
          amount: values[amountField(p.id)],
          active: values[activeField(p.id)] === '1',
        })),
      })}
      onSaved={({ data }) => {
        void utils.admin.channels.invalidate();
        void utils.channels.invalidate();
        toast.success(`Channel ${data.name} saved.`);
        navigate(CHANNEL_LIST);
      }}
      onRefused={(error) => {
        // The server names plan fields by position (plans.0.amount): back to this form's field names.
        const errors: Record<string, string> = {};
        for (const [key, message] of Object.entries(fieldErrors(error))) {
          const m = /^plans\.(\d+)\.(amount|active|id)$/.exec(key);
          const plan = m ? plans[Number(m[1])] : undefined;
          errors[plan ? (m![2] === 'active' ? activeField(plan.id) : amountField(plan.id)) : key] = message;
        }
        form.setServerErrors(errors);
      }}
    >
      <TextField
        label="Name"
        required
        maxLength={255}
        hint={renameNote(channel, form.values.name ?? '')}
        {...form.bind('name')}
      />
      <fieldset className="form-section">
        <legend className="form-section__title">Plans</legend>
        <p className="field__hint">
          Prices are in pounds. A new price applies to new purchases and plan changes: existing subscribers keep paying
          what they pay now. A plan off sale leaves the signup and subscribe screens; its subscribers keep it.
        </p>
        {plans.length === 0 && <p className="empty">This channel has no plans.</p>}
        <ul className="catalogue-plans">
          {plans.map((p) => (
            <li key={p.id} className="catalogue-plan">
              <div>
                <p className="catalogue-plan__name">{p.name}</p>
                <p className="catalogue-plan__meta muted">
                  Billed {formatDuration(p.duration)} · {p.subscribers}{' '}
                  {p.subscribers === 1 ? 'subscriber' : 'subscribers'}
                </p>
              </div>
              <NumberField
                label={`Price of ${p.name} (£)`}
                required
                min={1}
                step={0.01}
                {...form.bind(amountField(p.id))}
              />
              {p.purchasable ? (
                <div>
                  <CheckboxField
                    label={`${p.name} on sale`}
                    checked={form.values[activeField(p.id)] === '1'}
                    onChange={(e) => form.set(activeField(p.id), e.target.checked ? '1' : '')}
                  />
                  {form.shown(activeField(p.id)) && <p className="field__error">{form.shown(activeField(p.id))}</p>}
                </div>
              ) : (
                <p className="catalogue-plan__meta muted">
                  <span className="badge">Never sold</span> The {channel.name} channel is listed on the signup screen
                  but cannot be bought.
                </p>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <FormActions submit="Save" busy={save.isPending} cancelHref={CHANNEL_LIST} />
    </SaveForm>
  );
}
