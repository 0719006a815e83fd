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
  .refine((v) => v.password === v.confirm_password, { message: FORM_MESSAGE.passwordsMismatch, path: ['confirm_password'] });
export type RegisterInput = z.infer<typeof registerInput>;

/** POST /api/login and auth.login. */
export const loginInput = z.object({
  email: z.string({ error: 'The email field is required.' }).trim().min(1, 'The email field is required.').max(255),
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.').max(200),
  remember: z.coerce.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The subscription part of the login response. */
export interface SubscriptionSummary {
  active: boolean;
  channel: { id: number; name: string; short_name: string } | null;
  plan: { plan_id: number } | null;
  status: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** The login response of spec section 3; also the answer of start-up (GET /api/user). */
export interface LoginResponse {
  access_token?: string;
  user_role: 1 | 2;
  user_id: number;
  name: string;
  email: string;
  initial_setup: 0 | 1;
  initial_setup_step: number;
  access: Record<string, boolean>;
  subscription: SubscriptionSummary;
  evolution_id?: number;
  evolution?: number;
  version?: number;
  phase?: number;
  need_calibration?: boolean;
}
