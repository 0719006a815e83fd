import { z } from 'zod';
import { FORM_MESSAGE, MIN_PASSWORD_LENGTH, WORK_VOLUME_SETS } from '../constants.ts';
import { emptyToUndefined, optionalText, requiredText, wholeNumberFromText } from './fields.ts';

/** Texts of the account screens and answers. */
export const ACCOUNT_MESSAGE = {
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  passwordMin: `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  oldPasswordWrong: 'The old password is incorrect.',
  passwordChanged: 'Your password has been changed.',
  contactUpdated: 'Contact details updated',
  setsUpdated: 'Work volume analysis updated',
  resetRequested: 'If an account exists for that email, we have sent a password reset link.',
  resetDone: 'Your password has been reset. Please log in.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  accountDeleted: 'Your account and its data have been deleted.',
  passwordWrong: 'The password is incorrect.',
} as const;

const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGE.passwordMin)
    .max(200);

/** PUT /api/user/settings/password. */
export const changePasswordInput = z
  .object({
    old_password: z
      .string({ error: ACCOUNT_MESSAGE.passwordRequired })
      .min(1, ACCOUNT_MESSAGE.passwordRequired)
      .max(200),
    password: newPassword(ACCOUNT_MESSAGE.passwordRequired),
    password_confirmation: newPassword(ACCOUNT_MESSAGE.confirmRequired),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: FORM_MESSAGE.passwordsMismatch,
    path: ['password_confirmation'],
  });

export const changePasswordResponseSchema = z
  .object({
    message: z.string(),
    access_token: z.string().describe('A new token for this session: every token issued before the change is refused'),
  })
  .meta({ id: 'PasswordChanged' });

/** PUT /api/user/contact_details: the eleven fields; social links optional. */
export const contactDetailsInput = z.object({
  address_line1: requiredText('Address Line 1'),
  address_line2: requiredText('Address Line 2'),
  city: requiredText('City'),
  county: requiredText('County'),
  postcode: requiredText('Postcode', 32),
  country: requiredText('Country'),
  telephone: requiredText('Telephone', 32),
  twitter: optionalText('Twitter'),
  linkedin: optionalText('LinkedIn'),
  facebook: optionalText('Facebook'),
  instagram: optionalText('Instagram'),
});

const field = z.string().nullable();
export const contactDetailsSchema = z
  .object({
    address_line1: field,
    address_line2: field,
    city: field,
    county: field,
    postcode: field,
    country: field,
    telephone: field,
    twitter: field,
    linkedin: field,
    facebook: field,
    instagram: field,
  })
  .meta({ id: 'ContactDetails' });
export type ContactDetailsDto = z.infer<typeof contactDetailsSchema>;

const SETS = WORK_VOLUME_SETS.map((s) => s.sets);
const setsMessage = `The number of sets must be one of ${SETS.join(', ')}.`;

/** PATCH /api/user/sets: a work-volume level; applies after the next volume-phase submission. */
export const setsInput = z.object({
  number_of_sets: z.preprocess(
    (v) => wholeNumberFromText(emptyToUndefined(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? 'Choose a number of sets.' : setsMessage) })
      .refine((n) => (SETS as number[]).includes(n), setsMessage),
  ),
});
export const setsSchema = z
  .object({
    number_of_sets: z
      .number()
      .int()
      .describe('The level chosen; it takes effect with the next volume-phase (7) submission'),
    current_number_of_sets: z.number().int().describe('The level the volume phase uses now'),
  })
  .meta({ id: 'WorkVolumeSets' });

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v),
  z
    .string({ error: 'Enter your email address.' })
    .min(1, 'Enter your email address.')
    .max(255)
    .pipe(z.email({ error: 'The email must be a valid email address.' })),
);

/** POST /api/password/create. */
export const passwordCreateInput = z.object({ email });

/** POST /api/password/reset, with the token from the emailed link. */
export const passwordResetInput = z
  .object({
    email,
    token: z.string({ error: 'The token field is required.' }).min(1, 'The token field is required.').max(200),
    password: newPassword(FORM_MESSAGE.required),
    confirm_password: z.string({ error: FORM_MESSAGE.required }).min(1, FORM_MESSAGE.required),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: FORM_MESSAGE.passwordsMismatch,
    path: ['confirm_password'],
  });

/** DELETE /api/user: the password confirms it is really the member. */
export const deleteAccountInput = z.object({
  password: z.string({ error: ACCOUNT_MESSAGE.passwordRequired }).min(1, ACCOUNT_MESSAGE.passwordRequired).max(200),
});
