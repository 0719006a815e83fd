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
export const subscribeInput = z.object({
  channel_id: idField('channel id'),
  plan_id: idField('plan id'),
  nonce: requiredText('nonce', 255, 'The nonce field is required.').describe(
    'Card token: a Stripe payment-method id, or pm_card_visa with the offline provider',
  ),
});

/** The billing address given with a subscription registration (spec section 3). */
const billingAddressShape = {
  first_name: optionalText('First name'),
  last_name: optionalText('Last name'),
  address_line1: requiredText('Address Line 1'),
  address_line2: optionalText('Address Line 2'),
  city: requiredText('City'),
  county: requiredText('County'),
  postcode: requiredText('Postcode', 32),
  country: requiredText('Country'),
  telephone: requiredText('Telephone', 32),
};

/** POST /api/register/subscription: the registration form, the billing address and the plan with a card token. */
export const registerSubscriptionInput = z
  .object({ ...registerInput.shape, ...billingAddressShape, ...subscribeInput.shape })
  .refine((v) => v.password === v.confirm_password, {
    message: FORM_MESSAGE.passwordsMismatch,
    path: ['confirm_password'],
  });

/** POST /api/register/subscription's form by caller: a signed-in member sends only the plan and the card token. */
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
