import { z } from 'zod';
import { blankToUndefined, recordId } from './fields.ts';

// Personal access tokens, Laravel Sanctum's way: a member or an admin makes a token for an integration, which calls
// the API with `Authorization: Bearer <id>|<secret>` instead of storing the password.

/** What a token may do: `read` only GET and HEAD, `write` every call; `*` is Sanctum's "every ability". */
const TOKEN_ABILITIES = ['read', 'write', '*'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];

/** The longest name accepted. */
const NAME_MAX = 255;

/** Texts of the token calls and screens (Laravel's style: the specs give none). */
export const TOKEN_MESSAGE = {
  nameRequired: 'Enter a name for the token.',
  nameTooLong: `The name may not be greater than ${NAME_MAX} characters.`,
  abilitiesRequired: 'Choose at least one ability.',
  abilityInvalid: (index: number) => `The selected abilities.${index} is invalid.`,
  expiresInvalid: 'Enter the expiry as a date.',
  expiresPast: 'Choose an expiry date after today.',
  revoked: 'Token revoked.',
  notFound: 'Token not found.',
  readOnly: 'This token may only read.',
  noTokenMinting: 'A personal access token cannot create tokens: sign in with your password to make one.',
} as const;

const M = TOKEN_MESSAGE;

/** A day chosen as an expiry is kept as its last moment, UTC: YYYY-MM-DD then this. */
const END_OF_DAY = 'T23:59:59.999Z';

/** The day chosen as an expiry (YYYY-MM-DD) when `expiresAt` is one, else null (an API client's own date-time). */
export const chosenExpiryDay = (expiresAt: string): string | null =>
  expiresAt.endsWith(END_OF_DAY) ? expiresAt.slice(0, 10) : null;

/** An expiry as sent: a date (YYYY-MM-DD, the token works to that day's end, UTC) or an ISO 8601 date-time. */
function expiryOf(value: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    const end = new Date(`${value}${END_OF_DAY}`);
    return Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== value ? null : end;
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) return null;
  const at = new Date(value.replace(' ', 'T'));
  return Number.isNaN(at.getTime()) ? null : at;
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** POST user/tokens: a name, what the token may do, and optionally when it stops working. */
export const tokenCreateInput = z.object({
  name: z.preprocess(
    blankToUndefined,
    z.string({ error: M.nameRequired }).trim().max(NAME_MAX, M.nameTooLong).describe('what the token is for'),
  ),
  abilities: z
    .preprocess(
      // A form's single value (abilities=read), a comma list, or PHP's indexed fields (abilities[0]=read) read as a list.
      (v) => {
        if (typeof v === 'string') return v.trim() ? v.split(',').map((s) => s.trim()) : undefined;
        if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every((k) => /^\d+$/.test(k)))
          return Object.entries(v)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([, ability]) => ability as unknown);
        return v;
      },
      z
        .array(z.unknown(), { error: M.abilitiesRequired })
        .min(1, M.abilitiesRequired)
        .superRefine((list, ctx) => {
          list.forEach((ability, index) => {
            if (!(TOKEN_ABILITIES as readonly unknown[]).includes(ability))
              ctx.addIssue({ code: 'custom', path: [index], message: M.abilityInvalid(index) });
          });
        })
        // Each once, in the catalogue's order.
        .transform((list) => TOKEN_ABILITIES.filter((a) => list.includes(a))),
    )
    .describe('read (GET and HEAD only), write (every call), or * (every ability)'),
  expires_at: z
    .preprocess(
      (v) => blankToUndefined(v) ?? null,
      z
        .string({ error: M.expiresInvalid })
        .nullable()
        .transform((v, ctx) => {
          if (v === null) return null;
          const at = expiryOf(v.trim());
          if (!at) ctx.addIssue({ code: 'custom', message: M.expiresInvalid });
          else if (at.getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: M.expiresPast });
          return at;
        }),
    )
    .optional()
    .describe('when the token stops working: a date (to its end, UTC) or an ISO 8601 date-time; none: never'),
});

/** DELETE user/tokens/{id}: one of the caller's tokens. */
export const tokenIdInput = z.object({ id: recordId });

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** One of the caller's tokens: never its secret, which only its creation answers, once. */
const tokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    abilities: z.array(z.enum(TOKEN_ABILITIES)),
    last_used_at: z.string().nullable().describe('the last call made with it, to the minute; null before the first'),
    expires_at: z.string().nullable().describe('null: it never expires'),
    created_at: z.string(),
  })
  .meta({ id: 'PersonalAccessToken' });
export type TokenDto = z.infer<typeof tokenSchema>;

/** GET user/tokens: the caller's tokens, newest first. */
export const tokenListResponse = z.object({ data: z.array(tokenSchema) });

/** GET user/tokens/{id}: one of the caller's tokens. */
export const tokenResponse = z.object({ data: tokenSchema });

/** POST user/tokens: the token to send as `Authorization: Bearer <token>`, shown this once, and its record. */
export const tokenCreatedResponse = z.object({
  token: z.string().describe('<id>|<secret>: shown only in this answer; it is stored hashed'),
  data: tokenSchema,
});
export type TokenCreated = z.infer<typeof tokenCreatedResponse>;
