import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  SUBSCRIPTION_MESSAGE,
  TOAST_MS,
  type ChannelDto,
  type ContactDetailsDto,
  type PlanDto,
  REQUIRED_ADDRESS_FIELDS,
} from '@evolution/shared';
import { apiErrorNotice, fieldErrors, readFailure } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { useRefreshSession } from '../../auth/actions.ts';
import { authStore } from '../../auth/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { formatDuration, formatPounds } from '../../forms/format.ts';
import { NeedsConnection, OFFLINE_PAYMENTS } from '../../offline/NeedsConnection.tsx';
import { useOnline } from '../../offline/OfflineMarker.tsx';
import { CardField } from './CardField.tsx';
import type { CardTokenizer } from './cardTokenizer.ts';
import type { PurchaseMode } from './plans.ts';

const ACCOUNT_FIELDS = ['email', 'name', 'password', 'confirm_password'] as const;
/** A signed-in member's billing address: their name is known, the address and telephone are the contact details'. */
const MEMBER_ADDRESS_FIELDS = [
  'address_line1',
  'address_line2',
  'city',
  'county',
  'postcode',
  'country',
  'telephone',
] as const satisfies readonly (keyof ContactDetailsDto)[];
/** A newcomer's: their name too. */
const ADDRESS_FIELDS = ['first_name', 'last_name', ...MEMBER_ADDRESS_FIELDS] as const;
type RegistrationField = (typeof ACCOUNT_FIELDS)[number] | (typeof ADDRESS_FIELDS)[number];
type RegistrationValues = Record<RegistrationField, string>;

const LABEL: Record<RegistrationField, string> = {
  email: 'Email',
  name: 'Name',
  password: 'Password',
  confirm_password: 'Confirm password',
  first_name: 'First name',
  last_name: 'Last name',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2 (optional)',
  city: 'City',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
  telephone: 'Telephone',
};
const AUTOCOMPLETE: Partial<Record<RegistrationField, string>> = {
  email: 'email',
  name: 'name',
  password: 'new-password',
  confirm_password: 'new-password',
  first_name: 'given-name',
  last_name: 'family-name',
  address_line1: 'address-line1',
  address_line2: 'address-line2',
  city: 'address-level2',
  county: 'address-level1',
  postcode: 'postal-code',
  country: 'country-name',
  telephone: 'tel',
};
const EMPTY: RegistrationValues = {
  email: '',
  name: '',
  password: '',
  confirm_password: '',
  first_name: '',
  last_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  county: '',
  postcode: '',
  country: 'United Kingdom',
  telephone: '',
};

/** The form's first values: a signed-in member's contact address where they have given one. */
function billingValues(contact: ContactDetailsDto | undefined): RegistrationValues {
  const values = { ...EMPTY };
  for (const f of MEMBER_ADDRESS_FIELDS) values[f] = contact?.[f] ?? EMPTY[f];
  return values;
}

/** The one message a failed purchase shows, 5 s: the spec's text, with the reason when there is one. */
function registrationFailure(error: unknown): string {
  const failure = readFailure(error);
  if (failure.message.startsWith(SUBSCRIPTION_MESSAGE.registrationFailed)) return failure.message;
  const reason = apiErrorNotice(error)?.message ?? failure.message;
  return reason ? `${SUBSCRIPTION_MESSAGE.registrationFailed}\n${reason}` : SUBSCRIPTION_MESSAGE.registrationFailed;
}

export interface PurchaseDialogProps {
  channel: ChannelDto;
  plan: PlanDto;
  mode: Exclude<PurchaseMode, 'none'>;
  onClose: () => void;
}

/**
 * INITIATE's dialog. A visitor registers (account and billing address) and pays in one step; a signed-in member without
 * an active plan only pays; a member with one confirms a prorated plan change. Success stores the session and goes to /.
 */
export function PurchaseDialog({ channel, plan, mode, onClose }: PurchaseDialogProps) {
  const price = `${formatPounds(plan.amount)} ${formatDuration(plan.duration)}`;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={plan.name}
      description={`${channel.name} · ${price}`}
      wide={mode !== 'change'}
    >
      {mode === 'change' ? (
        <ChangePlan plan={plan} price={price} onClose={onClose} />
      ) : mode === 'subscribe' ? (
        <MemberPurchase channel={channel} plan={plan} />
      ) : (
        <Purchase channel={channel} plan={plan} mode={mode} initial={EMPTY} />
      )}
    </Modal>
  );
}

/** A signed-in member's form opens with their contact address; without an answer (offline) it starts empty. */
function MemberPurchase({ channel, plan }: { channel: ChannelDto; plan: PlanDto }) {
  const contact = trpc.account.contactDetails.useQuery(undefined, { meta: { silentErrors: true }, retry: false });
  if (contact.isPending) return <Spinner label="Loading your billing address" />;
  return <Purchase channel={channel} plan={plan} mode="subscribe" initial={billingValues(contact.data)} />;
}

function Purchase({
  channel,
  plan,
  mode,
  initial,
}: {
  channel: ChannelDto;
  plan: PlanDto;
  mode: 'register' | 'subscribe';
  initial: RegistrationValues;
}) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const tokenizer = useRef<CardTokenizer | null>(null);
  const [values, setValues] = useState<RegistrationValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [tokenizing, setTokenizing] = useState(false);
  const buy = trpc.account.subscription.registerAndSubscribe.useMutation({ meta: { silentErrors: true } });
  const registering = mode === 'register';
  const online = useOnline();
  const missing = REQUIRED_ADDRESS_FIELDS.filter((f) => !values[f].trim());

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (buy.isPending || tokenizing) return;
    if (missing.length) {
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    setServerErrors({});
    setTokenizing(true);
    let nonce: string;
    try {
      if (!tokenizer.current) throw new Error('The card form is still loading.');
      nonce = await tokenizer.current.createNonce(registering ? { name: values.name, email: values.email } : {});
    } catch (err) {
      toast.danger(
        `${SUBSCRIPTION_MESSAGE.registrationFailed}\n${err instanceof Error ? err.message : String(err)}`,
        TOAST_MS.medium,
      );
      return;
    } finally {
      setTokenizing(false);
    }
    const purchase = { channel_id: channel.id, plan_id: plan.plan_id, nonce };
    const address = Object.fromEntries(MEMBER_ADDRESS_FIELDS.map((f) => [f, values[f]]));
    buy.mutate(registering ? { ...values, ...purchase } : { ...address, ...purchase }, {
      async onSuccess(res) {
        authStore.signIn(res);
        // The address given is now the member's contact address (saved with the subscription).
        await Promise.all([utils.account.subscription.current.invalidate(), utils.account.contactDetails.invalidate()]);
        navigate('/', { replace: true });
      },
      onError(error) {
        setServerErrors(fieldErrors(error) as Partial<Record<RegistrationField, string>>);
        toast.danger(registrationFailure(error), TOAST_MS.medium);
      },
    });
  };

  const field = (name: RegistrationField, type = 'text') => (
    <TextField
      key={name}
      label={LABEL[name]}
      name={name}
      type={type}
      autoComplete={AUTOCOMPLETE[name]}
      value={values[name]}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setServerErrors((s) => (s[name] ? { ...s, [name]: undefined } : s));
      }}
      required={(REQUIRED_ADDRESS_FIELDS as readonly string[]).includes(name)}
      invalid={submitted && missing.includes(name as (typeof REQUIRED_ADDRESS_FIELDS)[number])}
      error={serverErrors[name]}
    />
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`Subscribe to ${plan.name}`}>
      {registering && (
        <>
          <fieldset className="form-section">
            <legend className="form-section__title">Your account</legend>
            <div className="form-grid">
              {field('email', 'email')}
              {field('name')}
              {field('password', 'password')}
              {field('confirm_password', 'password')}
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend className="form-section__title">Billing address</legend>
            <div className="form-grid">
              {field('first_name')}
              {field('last_name')}
              {field('address_line1')}
              {field('address_line2')}
              {field('city')}
              {field('county')}
              {field('postcode')}
              {field('country')}
              {field('telephone', 'tel')}
            </div>
          </fieldset>
        </>
      )}
      {!registering && (
        <fieldset className="form-section">
          <legend className="form-section__title">Billing address</legend>
          <p className="field__hint">Saved as your contact information when you subscribe.</p>
          <div className="form-grid">
            {MEMBER_ADDRESS_FIELDS.map((f) => field(f, f === 'telephone' ? 'tel' : 'text'))}
          </div>
        </fieldset>
      )}
      <fieldset className="form-section">
        <legend className="form-section__title">Card</legend>
        <CardField tokenizer={tokenizer} />
      </fieldset>
      {/* What was typed stays; only the payment waits for the network. */}
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      <Button type="submit" block busy={tokenizing || buy.isPending || buy.isSuccess} disabled={!online}>
        Subscribe · {formatPounds(plan.amount)}
      </Button>
    </form>
  );
}

function ChangePlan({ plan, price, onClose }: { plan: PlanDto; price: string; onClose: () => void }) {
  const [, navigate] = useLocation();
  const refreshSession = useRefreshSession();
  const utils = trpc.useUtils();
  const change = trpc.account.subscription.changePlan.useMutation({ meta: { silentErrors: true } });
  const online = useOnline();
  const confirm = () =>
    change.mutate(
      { id: plan.plan_id },
      {
        async onSuccess() {
          await refreshSession().catch(() => undefined);
          await utils.account.subscription.current.invalidate();
          navigate('/with_menu/channel_subscription');
          // Said on the subscription screen it leads to, which shows the new plan.
          toast.success(`Your plan is now ${plan.name}.`, TOAST_MS.medium);
        },
        onError() {
          toast.danger(SUBSCRIPTION_MESSAGE.changeFailed, TOAST_MS.medium);
        },
      },
    );
  return (
    <div className="form">
      <p>
        Switch your subscription to <strong>{plan.name}</strong> at {price}. The card you subscribed with is used, and
        the difference for the rest of this period is worked out for you (prorated).
      </p>
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      <div className="modal__actions">
        <Button variant="ghost" onClick={onClose} disabled={change.isPending}>
          Keep my plan
        </Button>
        <Button onClick={confirm} busy={change.isPending || change.isSuccess} disabled={!online}>
          Change plan
        </Button>
      </div>
    </div>
  );
}
