import { z } from 'zod';
import { FORM_MESSAGE } from '../constants.ts';
import { registerInput } from './auth.ts';
import { idField, optionalText, requiredText } from './fields.ts';
import { planSchema } from './channels.ts';

/** The test payment methods the offline provider knows (docs/product.md §5). */
export const OFFLINE_TEST_CARDS = { visa: 'pm_card_visa', declined: 'pm_card_chargeDeclined' } as const;

/** Texts the subscription screens show (spec section 8). */
export const SUBSCRIPTION_MESSAGE = {
  registrationFailed: 'Registration was not successful',
  cancelFailed: 'We could not cancel your subscription.',
  changeFailed: 'We could not change your subscription.',
  resumeFailed: 'We could not keep your subscription going.',
  /** A server with a database of its own but neither a Stripe key nor PAYMENT_PROVIDER=offline (a 503). */
  notConfigured: 'Payments are not configured',
} as const;

/** What buying a plan needs: the channel, its plan and the card token (a payment-method id). */
const purchaseShape = {
  channel_id: idField('channel id'),
  plan_id: idField('plan id'),
  nonce: requiredText('nonce', 255, 'The nonce field is required.').describe(
    'Card token: a Stripe payment-method id, or pm_card_visa with the offline provider',
  ),
};

/** The subscription form's required address fields (spec section 5) with the labels of their messages. */
const REQUIRED_ADDRESS = {
  address_line1: 'Address Line 1',
  city: 'City',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
  telephone: 'Telephone',
} as const;
/** The names of those fields, for a form that marks them required. */
export const REQUIRED_ADDRESS_FIELDS = Object.keys(REQUIRED_ADDRESS) as (keyof typeof REQUIRED_ADDRESS)[];

/** The billing address given with a subscription registration (spec section 3). */
const billingAddressShape = {
  first_name: optionalText('First name'),
  last_name: optionalText('Last name'),
  address_line1: requiredText(REQUIRED_ADDRESS.address_line1),
  address_line2: optionalText('Address Line 2'),
  city: requiredText(REQUIRED_ADDRESS.city),
  county: requiredText(REQUIRED_ADDRESS.county),
  postcode: requiredText(REQUIRED_ADDRESS.postcode, 32),
  country: requiredText(REQUIRED_ADDRESS.country),
  telephone: requiredText(REQUIRED_ADDRESS.telephone, 32),
};

/** The same address when a signed-in member subscribes: optional as a whole, so API clients may send none. */
const optionalAddressShape = {
  address_line1: optionalText(REQUIRED_ADDRESS.address_line1).optional(),
  address_line2: optionalText('Address Line 2').optional(),
  city: optionalText(REQUIRED_ADDRESS.city).optional(),
  county: optionalText(REQUIRED_ADDRESS.county).optional(),
  postcode: optionalText(REQUIRED_ADDRESS.postcode, 32).optional(),
  country: optionalText(REQUIRED_ADDRESS.country).optional(),
  telephone: optionalText(REQUIRED_ADDRESS.telephone, 32).optional(),
};
const ADDRESS_FIELDS = Object.keys(optionalAddressShape) as (keyof typeof optionalAddressShape)[];

/**
 * A signed-in member's purchase: the plan and the card token, and optionally the billing address (address_line1,
 * address_line2, city, county, postcode, country, telephone). Any address field sent asks for the six required ones;
 * the address given is saved to the member's contact details with the subscription. None sent leaves them alone.
 */
export const subscribeInput = z.object({ ...purchaseShape, ...optionalAddressShape }).superRefine(
  (v, ctx) => {
    const given = (f: string) => {
      const value = (v as Record<string, unknown>)[f];
      return value !== null && value !== undefined;
    };
    if (!ADDRESS_FIELDS.some(given)) return;
    for (const [field, label] of Object.entries(REQUIRED_ADDRESS))
      if (!given(field)) ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
  },
  // Checked beside the other fields' errors, so a form hears of every missing field at once.
  { when: () => true },
);
export type SubscribeInput = z.output<typeof subscribeInput>;

/** The billing address of a purchase that carries one (the refinement then saw to the six required fields). */
export function billingAddressOf(input: SubscribeInput) {
  const { address_line1, address_line2, city, county, postcode, country, telephone } = input;
  if (address_line1 == null || city == null || county == null || postcode == null || country == null) return null;
  if (telephone == null) return null;
  return { address_line1, address_line2: address_line2 ?? null, city, county, postcode, country, telephone };
}

/** POST /api/register/subscription: the registration form, the billing address and the plan with a card token. */
export const registerSubscriptionInput = z
  .object({ ...registerInput.shape, ...billingAddressShape, ...purchaseShape })
  .refine((v) => v.password === v.confirm_password, {
    message: FORM_MESSAGE.passwordsMismatch,
    path: ['confirm_password'],
  });

/** POST /api/register/subscription's form by caller: a signed-in member sends the plan, the card token and the address. */
export const registerSubscriptionForm = (signedIn: boolean) => (signedIn ? subscribeInput : registerSubscriptionInput);

/** GET /api/user/payment/{id}/change: the plan to move to. */
export const changePlanInput = z.object({ id: idField('plan id') });

/** The subscription screen (/with_menu/channel_subscription): GET /api/user/subscription answers it in data. */
export const subscriptionViewSchema = z
  .object({
    channel_id: z.number().int().nullable(),
    channel_name: z.string().nullable(),
    start_date: z.string().nullable().describe('ISO 8601'),
    evolution: z.number().int().nullable(),
    version: z.number().int().nullable(),
    phase: z.number().int().nullable(),
    plan: planSchema.nullable(),
    status: z.string().nullable().describe('active, trialing, past_due, incomplete, canceled or unpaid'),
    active: z.boolean(),
    provider: z.string().nullable(),
    current_period_end: z.string().nullable().describe('ISO 8601; a cancelled subscription gives access until then'),
    cancel_at_period_end: z.boolean(),
  })
  .meta({ id: 'SubscriptionView' });
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
