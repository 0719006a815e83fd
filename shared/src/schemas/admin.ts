import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { blankToUndefined, emptyToUndefined, FIELD_MESSAGE, recordId, wholeNumberFromText } from './fields.ts';
import { pageInput } from './pagination.ts';

/** A row of the admin user list (docs/spec/admin.md §3). */
export const adminUserRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    user_type: z.union([z.literal(1), z.literal(2)]),
    role: z.union([z.literal(1), z.literal(2)]),
    subscriber: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** PostgreSQL text cannot hold U+0000: refused here as a 422 rather than failing in the database as a 500. */
const noNul = (s: string) => !s.includes('\u0000');

export const adminUserListInput = pageInput.extend({
  search: z
    .string()
    .trim()
    .max(255, 'The search may not be greater than 255 characters.')
    .refine(noNul, 'The search may not contain a null character.')
    .optional()
    .default(''),
  categoryId: z.coerce.number().int().min(0).max(2, 'The category is 1 (users) or 2 (admins).').optional(),
});

/** The texts of docs/spec/admin.md §5 for users (verbatim), and ours where the spec is silent. */
export const ADMIN_USER_MESSAGE = {
  nameRequired: FIELD_MESSAGE.enter('name'),
  nameMax: 'The name may not be greater than 255 characters.',
  nameNul: 'The name may not contain a null character.',
  emailRequired: 'The email is required',
  emailInvalid: 'The email is must be an email',
  emailInvalidEdit: 'Invalid email',
  emailMax: 'The email may not be greater than 255 characters.',
  passwordRequired: 'Enter a password.',
  passwordMin: `The min length of password is ${MIN_PASSWORD_LENGTH}`,
  passwordMax: 'The password may not be greater than 200 characters.',
  confirmationRequired: 'Enter the password again to confirm it.',
  confirmationMismatch: 'The repeat password must be same as password',
  userType: 'The user type is Admin or User',
  notFound: 'User not found.',
  selfDelete: 'You cannot delete your own account here.',
  selfDemote: 'You cannot change your own user type.',
  selfPassword: 'Change your own password on the Change Password screen.',
  lastAdmin: 'The last admin cannot be removed.',
  accessMembersOnly: 'Feature access applies to members only.',
  accessNothing: 'Choose at least one feature to switch on or off.',
  accessFlag: 'The feature must be on (true), off (false) or back to the plan (null).',
  created: 'The user has been created.',
  updated: 'The user has been updated.',
  passwordSet: 'The password has been set. The user has been signed out everywhere.',
  deleted: 'The user and their data have been deleted.',
  accessUpdated: 'Feature access updated.',
} as const;

const M = ADMIN_USER_MESSAGE;

/** The {id} of admin/admin/{id}. */
export const adminUserIdInput = z.object({ id: recordId });

const userName = z.preprocess(
  blankToUndefined,
  z.string({ error: M.nameRequired }).trim().max(255, M.nameMax).refine(noNul, M.nameNul),
);
const userEmail = (invalid: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.emailRequired : invalid) })
      .trim()
      .max(255, M.emailMax)
      .pipe(z.email({ error: invalid })),
  );
/** A password is never trimmed; only an empty one counts as missing. */
const userPassword = z.preprocess(
  emptyToUndefined,
  z.string({ error: M.passwordRequired }).min(MIN_PASSWORD_LENGTH, M.passwordMin).max(200, M.passwordMax),
);
/** 1 user, 2 admin; form posts send "1" or "2". */
const userType = z.preprocess(wholeNumberFromText, z.literal([1, 2], { error: M.userType }));

/** POST admin/admin: create a user (docs/spec/admin.md §5). */
export const adminUserCreateInput = z.object({
  name: userName,
  email: userEmail(M.emailInvalid),
  password: userPassword,
  user_type: userType,
});

/** PATCH admin/admin/{id}: name and email as the spec says; user_type too, so an admin can promote or demote someone. */
export const adminUserUpdateInput = z.object({
  name: userName,
  email: userEmail(M.emailInvalidEdit),
  user_type: userType.optional(),
});

/** PUT admin/admin/{id}: set a password; the repeat must match (checked as soon as both are typed). */
export const adminUserPasswordInput = z
  .object({
    password: userPassword,
    password_confirmation: z.preprocess(
      emptyToUndefined,
      z.string({ error: M.confirmationRequired }).max(200, M.passwordMax),
    ),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: M.confirmationMismatch,
    path: ['password_confirmation'],
    when: ({ value }) => {
      const v = value as Record<string, unknown> | null;
      return (
        typeof v === 'object' &&
        v !== null &&
        typeof v.password === 'string' &&
        typeof v.password_confirmation === 'string' &&
        v.password_confirmation !== ''
      );
    },
  });

/**
 * The per-member features an admin forces on or off, or leaves to the plan (spec section 6: the per-user access map);
 * `plan` says what the plan gives, `on` what forcing on does.
 */
export const ADMIN_ACCESS_FLAGS = [
  {
    key: 'evolution_page',
    label: 'Evolution chamber',
    plan: 'Opens with the first calibration.',
    on: 'Open before calibration.',
  },
  {
    key: 'micro_data',
    label: 'Customised macros',
    plan: 'Shown to Superhuman members.',
    on: 'Shown whenever the Superhuman channel is open.',
  },
  {
    key: 'warrior_channel',
    label: 'Warrior channel',
    plan: 'Open on the Warrior and Superhuman plans.',
    on: 'Open on any active plan.',
  },
  {
    key: 'superhuman_channel',
    label: 'Superhuman channel',
    plan: 'Open on the Superhuman plan.',
    on: 'Open on any active plan.',
  },
] as const;
export type AdminAccessFlag = (typeof ADMIN_ACCESS_FLAGS)[number]['key'];

const onOff = z
  .preprocess(
    (v) =>
      v === 'true' || v === '1' || v === 1
        ? true
        : v === 'false' || v === '0' || v === 0
          ? false
          : v === 'null'
            ? null
            : v,
    z.boolean({ error: M.accessFlag }).nullable(),
  )
  .optional()
  .describe('true forces the feature on, false forces it off, null returns it to what the plan gives');

/** PATCH admin/admin/{id}/access: the flags to change (true on, false off, null back to the plan); the others stay. */
export const adminUserAccessInput = z
  .object({ evolution_page: onOff, micro_data: onOff, warrior_channel: onOff, superhuman_channel: onOff })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: M.accessNothing, path: ['access'] });

/** One user, as an admin reads and edits them: the row, the access map in effect and the admin's own overrides. */
export const adminUserSchema = adminUserRowSchema
  .extend({
    access: z.record(z.string(), z.boolean()).describe("What the user gets now (the login response's access map)"),
    access_overrides: z
      .record(z.string(), z.boolean())
      .describe('Flags an admin forced on (true) or off (false) for this user; a missing one follows the plan'),
    access_plan: z
      .record(z.string(), z.boolean())
      .describe('What the user would get now with no flag forced: their plan and programme alone'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserResponse = z.object({ data: adminUserSchema });
export const adminUserSavedResponse = z.object({ message: z.string(), data: adminUserSchema });
