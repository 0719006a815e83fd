import { z } from 'zod';
import { FORM_MESSAGE, MIN_PASSWORD_LENGTH } from '../constants.ts';

const required = (s: z.ZodString) => s.trim().min(1, FORM_MESSAGE.required);

/** POST /api/register and auth.register. */
export const registerInput = z
  .object({
    email: required(z.string({ error: FORM_MESSAGE.required })).pipe(z.email({ error: FORM_MESSAGE.format }).max(255)),
    name: required(z.string({ error: FORM_MESSAGE.required }).max(255)),
    password: z
      .string({ error: FORM_MESSAGE.required })
      .min(1, FORM_MESSAGE.required)
      .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(200),
    confirm_password: z.string({ error: FORM_MESSAGE.required }).min(1, FORM_MESSAGE.required),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: FORM_MESSAGE.passwordsMismatch,
    path: ['confirm_password'],
  });
export type RegisterInput = z.infer<typeof registerInput>;

/** POST /api/login and auth.login. */
export const loginInput = z.object({
  email: z.string({ error: 'Enter your email address.' }).trim().min(1, 'Enter your email address.').max(255),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
  remember: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? ['1', 'true', 'on', 'yes'].includes(v.toLowerCase())
          : typeof v === 'number'
            ? v === 1
            : v,
      z.boolean({ error: 'The remember field must be true or false.' }),
    )
    .optional()
    .default(false),
});

/** The subscription part of the login response. */
const subscriptionSummarySchema = z
  .object({
    active: z.boolean(),
    channel: z.object({ id: z.number().int(), name: z.string(), short_name: z.string() }).nullable(),
    plan: z.object({ plan_id: z.number().int() }).nullable(),
    status: z.string().nullable(),
    current_period_end: z.string().nullable().describe('ISO 8601; access lasts until then'),
    cancel_at_period_end: z.boolean(),
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** The login response of spec section 3; also the answer of start-up (GET /api/user), without the token. */
export const loginResponseSchema = z
  .object({
    access_token: z.string().optional().describe('Bearer token; login and register only'),
    user_role: z.union([z.literal(1), z.literal(2)]),
    user_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    initial_setup: z.union([z.literal(0), z.literal(1)]),
    initial_setup_step: z.number().int(),
    access: z.record(z.string(), z.boolean()),
    subscription: subscriptionSummarySchema,
    evolution_id: z.number().int().optional().describe('members (role 1) only'),
    evolution: z.number().int().optional(),
    version: z.number().int().optional(),
    phase: z.number().int().optional(),
    need_calibration: z.boolean().optional(),
  })
  .meta({ id: 'SignedIn' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
