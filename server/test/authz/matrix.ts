import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { CHANNEL } from '@evolution/shared';
import { newMember, rest, subscriberRegistration } from '../helpers/api.ts';
import { deviceKeys } from '../helpers/pushService.ts';
import { multipart, photoWithExif } from '../helpers/training.ts';
import { newcomer, subscribedMember, type Account, type Fixtures } from './fixtures.ts';
import { calibrationBody, formBody } from '../helpers/catalogue.ts';
import { contactDetails, factFind, parq } from '../helpers/setupForms.ts';

/**
 * The authorisation matrix: every REST route and tRPC procedure the app registers, with the status each caller gets.
 *
 *   anonymous    no token
 *   member       member A, who owns every record named by id (flag, message, photo; admin routes name A too)
 *   otherMember  member B, calling with A's ids: never A's data (404, or 403 where the spec says so); with no id in
 *                the call B simply gets their own, like A
 *   admin        a coach (role 2)
 *
 * Each row's call runs once per caller, in the order anonymous, otherMember, admin, member: the refusals come first
 * and must leave the record as it was for the owner's call. Calls that spend what they touch (a deletion, a logout,
 * a password change, a phase submission) make a fresh record or account for each cell.
 */

export type Caller = 'anonymous' | 'member' | 'otherMember' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'otherMember', 'admin', 'member'];
type Expected = Record<Caller, number> & { stripe?: number };

/** A file sent as multipart (uploads); the other fields ride beside it. */
export interface Upload {
  fields?: Record<string, string>;
  files: { name: string; filename: string; type: string; data: Buffer }[];
}

/** One request: REST path params, query, JSON body or upload; tRPC input (or an upload as FormData). */
export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | string[]>;
  body?: unknown;
  upload?: Upload;
  input?: unknown;
  headers?: Record<string, string>;
}

/** What a call is built from: the fixtures and the account it runs as (null for anonymous). */
interface CallContext {
  fx: Fixtures;
  who: Caller;
  account: Account | null;
}

export interface Row {
  expect: Expected;
  call?: (c: CallContext) => Call | Promise<Call>;
  /** Run as a fresh account of the caller's kind (members: this factory, default a subscribed member). */
  fresh?: boolean | ((fx: Fixtures) => Promise<Account>);
}

// ---- Who may call: the statuses of the four callers.
/** Anyone, with or without a token. */
const PUBLIC = (ok = 200): Expected => ({ anonymous: ok, member: ok, otherMember: ok, admin: ok });
/** Any signed-in user, member or admin. */
const USER = (ok = 200): Expected => ({ anonymous: 401, member: ok, otherMember: ok, admin: ok });
/** Members only; an admin's token is refused. */
const MEMBER = (ok = 200): Expected => ({ anonymous: 401, member: ok, otherMember: ok, admin: 403 });
/** One member's own record, named by id: another member is told it does not exist. */
const OWNED = (ok = 200, other = 404): Expected => ({ anonymous: 401, member: ok, otherMember: other, admin: 403 });
/** Admins only. */
const ADMIN = (ok = 200): Expected => ({ anonymous: 401, member: 403, otherMember: 403, admin: ok });

// ---- Valid bodies.
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
const video = readFileSync(join(import.meta.dirname, '../../../client/e2e/fixtures/coach-demo.mp4'));
const imageUpload = async (field = 'image'): Promise<Upload> => ({
  files: [{ name: field, filename: 'picture.jpg', type: 'image/jpeg', data: await photoWithExif() }],
});
const videoUpload: Upload = { files: [{ name: 'video', filename: 'clip.mp4', type: 'video/mp4', data: video }] };
const meal = () => ({
  name: `Oats ${unique()}`,
  meal_group_id: 6,
  description: 'Soak overnight.',
  ingredients: [{ ingredient: 'Rolled oats (g)', formula: 60 }],
});
const guide = () => ({ page_category_id: 4, title: `Guide ${unique()}`, content: 'Straps short.' });
const formGroup = () => ({ name: `Row ${unique()}`, exercise_type_id: 1 });
const flag = () => ({ subject: 'Knee', message: `It clicks ${unique()}` });
const newUser = () => ({
  name: 'Made By Admin',
  email: `made${unique()}@example.com`,
  password: 'made-pass-1',
  user_type: 1,
});
const calibration = calibrationBody();
const vo2Level = { level_name: 'Fair', min: 36.5, max: 42.4 };

// ---- Records made for one cell, as their owner or an admin would make them.
async function created(fx: Fixtures, token: string, url: string, body: unknown): Promise<number> {
  const res = await rest(fx.app, 'POST', url, { token, body });
  if (res.status !== 201) throw new Error(`matrix: POST ${url} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}
const freshFlag = (fx: Fixtures) => created(fx, fx.memberA.token, '/api/user/assistance_flag', flag());
/** Closing: the caller who may close gets a flag of its own; the refused ones try A's open flag, which must stay open. */
const flagToClose = (c: CallContext, closer: Caller) =>
  c.who === closer ? freshFlag(c.fx) : Promise.resolve(c.fx.flagId);
const freshUser = (fx: Fixtures) => created(fx, fx.admin.token, '/api/admin/admin', newUser());
const freshMeal = (fx: Fixtures) => created(fx, fx.admin.token, '/api/admin/meal', meal());
const freshGuide = (fx: Fixtures) => created(fx, fx.admin.token, '/api/admin/page', guide());
const freshFormGroup = (fx: Fixtures) => created(fx, fx.admin.token, '/api/admin/form_group', formGroup());
const freshForm = async (fx: Fixtures) =>
  created(fx, fx.admin.token, '/api/admin/form', formBody(await freshFormGroup(fx)));

/** The push service the matrix's devices are on: the apps that run it list it in PUSH_ENDPOINT_HOSTS. */
export const MATRIX_PUSH_HOST = 'push.example.com';

/** A push device of the caller's own (a new endpoint each time, so no caller takes another's), registered when `register`. */
let devices = 0;
async function device(c: CallContext, register: boolean) {
  const sub = { endpoint: `https://${MATRIX_PUSH_HOST}/authz/${++devices}`, keys: deviceKeys().keys };
  if (register && c.account)
    await rest(c.fx.app, 'POST', '/api/push/subscription', { token: c.account.token, body: sub });
  return sub;
}

/** A personal access token of member A's, new for each cell (revoking spends it). */
const tokenOfA = async (fx: Fixtures) => {
  const res = await rest(fx.app, 'POST', '/api/user/tokens', {
    token: fx.memberA.token,
    body: { name: `Matrix ${unique()}`, abilities: ['read'] },
  });
  return res.body.data.id as number;
};
/** A's own token: nobody else may name it, admins included. */
const TOKEN_OWNER: Expected = { anonymous: 401, member: 200, otherMember: 404, admin: 404 };

/** A member who has sent the PAR-Q and is at the fact-find. */
async function atFactFind(fx: Fixtures): Promise<Account> {
  const m = await newcomer(fx.app);
  await rest(fx.app, 'POST', '/api/user/application_details', { token: m.token, body: parq() });
  return m;
}
const freshNewcomer = (fx: Fixtures) => newcomer(fx.app);
const freshWarrior = (fx: Fixtures) => subscribedMember(fx.app, CHANNEL.warrior);
const password = (c: CallContext) => c.account?.password ?? 'secret-pass';
const changedPassword = (c: CallContext) => ({
  old_password: password(c),
  password: 'new-secret-pass',
  password_confirmation: 'new-secret-pass',
});

/** REST routes by 'METHOD /path' as Fastify registered them. */
export const restMatrix: Record<string, Row> = {
  // Health, documentation and CORS are open to all.
  'GET /healthz': { expect: PUBLIC() },
  'GET /api/openapi.json': { expect: PUBLIC() },
  // The bare path is sent on to the page's own address, where its relative asset links resolve.
  'GET /api/docs': { expect: PUBLIC(301) },
  'GET /api/docs/': { expect: PUBLIC() },
  'GET /api/docs/json': { expect: PUBLIC() },
  'GET /api/docs/yaml': { expect: PUBLIC() },
  // The UI's own address for its page: sent on to /api/docs.
  'GET /api/docs/static/index.html': { expect: PUBLIC(302) },
  'GET /api/docs/static/swagger-initializer.js': { expect: PUBLIC() },
  'GET /api/docs/*': { expect: PUBLIC(), call: () => ({ params: { '*': 'static/swagger-ui.css' } }) },
  'OPTIONS *': {
    expect: PUBLIC(204),
    call: () => ({
      params: { '*': 'api/channel' },
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    }),
  },

  // Sign-in.
  'POST /api/login': {
    expect: PUBLIC(),
    call: ({ fx }) => ({ body: { email: fx.memberA.email, password: fx.memberA.password } }),
  },
  'POST /api/register': { expect: PUBLIC(201), call: () => ({ body: newMember() }) },
  'GET /api/user': { expect: USER() },
  'GET /api/logout': { expect: USER(), fresh: true },
  'POST /api/password/create': { expect: PUBLIC(), call: ({ fx }) => ({ body: { email: fx.memberA.email } }) },
  // Open to all; without a mailed token the reset is refused by its token check (422), never by who calls.
  'POST /api/password/reset': {
    expect: PUBLIC(422),
    call: ({ fx }) => ({
      body: {
        email: fx.memberA.email,
        token: 'not-the-mailed-token',
        password: 'new-secret-pass',
        confirm_password: 'new-secret-pass',
      },
    }),
  },

  // Public catalogue.
  'GET /api/channel': { expect: PUBLIC() },
  'GET /api/channel/:id': { expect: PUBLIC(), call: () => ({ params: { id: CHANNEL.warrior } }) },

  // Subscriptions. Registering with a plan is open; a signed-in member sends only the plan; an admin cannot buy.
  'POST /api/register/subscription': {
    expect: { anonymous: 201, member: 201, otherMember: 201, admin: 403 },
    fresh: freshNewcomer,
    call: ({ account }) => ({
      body: account
        ? { channel_id: CHANNEL.warrior, plan_id: 1, nonce: 'pm_card_visa' }
        : subscriberRegistration({ channel_id: CHANNEL.warrior }),
    }),
  },
  'GET /api/user/subscription': { expect: MEMBER() },
  'POST /api/user/subscription': {
    expect: MEMBER(201),
    fresh: freshNewcomer,
    call: () => ({ body: { channel_id: CHANNEL.warrior, plan_id: 1, nonce: 'pm_card_visa' } }),
  },
  'GET /api/user/payment/:id/change': { expect: MEMBER(), fresh: true, call: () => ({ params: { id: 1 } }) },
  'GET /api/user/payment/cancel': { expect: MEMBER(), fresh: true },

  // Account.
  'PUT /api/user/settings/password': { expect: USER(), fresh: true, call: (c) => ({ body: changedPassword(c) }) },
  'DELETE /api/user': { expect: MEMBER(), fresh: true, call: (c) => ({ body: { password: password(c) } }) },
  'GET /api/user/contact_details': { expect: MEMBER() },
  'PUT /api/user/contact_details': { expect: MEMBER(), call: () => ({ body: contactDetails() }) },
  'GET /api/user/sets': { expect: MEMBER() },
  'PATCH /api/user/sets': { expect: MEMBER(), call: () => ({ body: { number_of_sets: 24 } }) },
  'GET /api/user/export': { expect: MEMBER() },
  'GET /api/user/data_reads': { expect: MEMBER(), call: () => ({ query: { page: 1 } }) },

  // Setup: each step as a member who is at it.
  'GET /api/user/application_details': { expect: MEMBER() },
  'POST /api/user/application_details': { expect: MEMBER(), fresh: freshNewcomer, call: () => ({ body: parq() }) },
  'GET /api/user/fact_finding_details': { expect: MEMBER() },
  'POST /api/user/fact_finding_details': { expect: MEMBER(), fresh: atFactFind, call: () => ({ body: factFind() }) },

  // Assistance flags: A's own; B asking for A's gets 404.
  'GET /api/user/assistance_flag': { expect: MEMBER(), call: () => ({ query: { page: 1 } }) },
  'POST /api/user/assistance_flag': { expect: MEMBER(201), call: () => ({ body: flag() }) },
  'GET /api/user/assistance_flag/:id': { expect: OWNED(), call: ({ fx }) => ({ params: { id: fx.flagId } }) },
  'POST /api/user/assistance_flag/:id/reply': {
    expect: OWNED(),
    call: ({ fx }) => ({ params: { id: fx.flagId }, body: { message: 'Still clicking.' } }),
  },
  'GET /api/user/assistance_flag/:id/done': {
    expect: OWNED(),
    call: async (c) => ({ params: { id: await flagToClose(c, 'member') } }),
  },

  // Messages: A's inbox; B asking for A's gets 404.
  'GET /api/user/message': { expect: MEMBER(), call: () => ({ query: { page: 1 } }) },
  'GET /api/user/message/unread_count': { expect: MEMBER() },
  'GET /api/push/key': { expect: USER() },
  'GET /api/push/subscription': {
    expect: USER(),
    call: async (c) => ({ query: { endpoint: (await device(c, true)).endpoint } }),
  },
  'POST /api/push/subscription': { expect: USER(201), call: async (c) => ({ body: await device(c, false) }) },
  'DELETE /api/push/subscription': {
    expect: USER(),
    call: async (c) => ({ body: { endpoint: (await device(c, true)).endpoint } }),
  },
  'GET /api/user/message/:id': { expect: OWNED(), call: ({ fx }) => ({ params: { id: fx.messageId } }) },
  // Personal access tokens: one's own, for members and admins alike; A's token named by anyone else is a 404.
  'GET /api/user/tokens': { expect: USER() },
  'POST /api/user/tokens': { expect: USER(201), call: () => ({ body: { name: 'Matrix', abilities: ['read'] } }) },
  'GET /api/user/tokens/:id': { expect: TOKEN_OWNER, call: async ({ fx }) => ({ params: { id: await tokenOfA(fx) } }) },
  'DELETE /api/user/tokens/:id': {
    expect: TOKEN_OWNER,
    call: async ({ fx }) => ({ params: { id: await tokenOfA(fx) } }),
  },

  // Warrior: the member's own programme (no record of A's is named).
  'GET /api/user/channel/warrior/general/evolution': { expect: MEMBER() },
  'GET /api/user/channel/warrior/:type/version': { expect: MEMBER(), call: () => ({ params: { type: 'general' } }) },
  'GET /api/user/channel/warrior/:type/phase': { expect: MEMBER(), call: () => ({ params: { type: 'general' } }) },
  'POST /api/user/channel/warrior/:type/phase/:phaseType': {
    expect: MEMBER(),
    fresh: freshWarrior,
    call: () => ({ params: { type: 'calibration', phaseType: 'vo2' }, body: { time_to_complete: 900 } }),
  },
  'POST /api/user/image': { expect: MEMBER(201), call: () => imageUpload().then((upload) => ({ upload })) },
  // A's progress photo: only A and admins; B is refused (403), never sent the picture.
  'GET /api/user/image/:id': {
    expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200 },
    call: ({ fx }) => ({ params: { id: fx.photoId } }),
  },
  'GET /api/media/:id': {
    expect: { anonymous: 401, member: 200, otherMember: 403, admin: 200 },
    call: ({ fx }) => ({ params: { id: fx.photoId } }),
  },
  'GET /api/user/evolution': { expect: MEMBER() },
  'GET /api/user/evolution/calibration': { expect: MEMBER() },
  'GET /api/user/evolution/workout_results': { expect: MEMBER(), call: () => ({ query: { evolution: 1 } }) },
  'GET /api/user/evolution/forms': { expect: MEMBER(), call: () => ({ query: { page: 1 } }) },
  'GET /api/user/evolution/chamber/:page': { expect: MEMBER(), call: () => ({ params: { page: 1 } }) },
  'GET /api/user/evolution/trend': { expect: MEMBER() },
  'GET /api/user/page/:id': { expect: MEMBER(), call: () => ({ params: { id: 97 } }) },
  'GET /api/user/page/category/:categoryId/pages': {
    expect: MEMBER(),
    call: () => ({ params: { categoryId: 4 }, query: { page: 1 } }),
  },
  'GET /api/storage/page/:id/video': { expect: USER(), call: ({ fx }) => ({ params: { id: fx.videoPageId } }) },
  'GET /api/storage/form/:formGroupId/video': {
    expect: USER(),
    call: ({ fx }) => ({ params: { formGroupId: fx.videoFormGroupId } }),
  },

  // Superhuman.
  'GET /api/user/meal/group': { expect: MEMBER() },
  'GET /api/user/meal/group/:groupId/meals': {
    expect: MEMBER(),
    call: ({ fx }) => ({ params: { groupId: fx.mealGroupId }, query: { page: 1 } }),
  },
  'GET /api/user/meal/elixir/:phase': { expect: MEMBER(), call: () => ({ params: { phase: 1 } }) },
  'GET /api/user/meal/:id': { expect: MEMBER(), call: ({ fx }) => ({ params: { id: fx.mealId } }) },
  'GET /api/user/evolution/macro_data': { expect: MEMBER() },
  'GET /api/user/macro_guidelines': { expect: USER() },

  // Stripe calls the webhook with a signature, not a token: without one every caller is refused (400).
  'POST /api/stripe/webhook': {
    expect: { anonymous: 400, member: 400, otherMember: 400, admin: 400, stripe: 200 },
    call: () => ({ body: { id: 'evt_unsigned', type: 'invoice.paid' } }),
  },

  // Admin: users.
  'GET /api/admin/admin': { expect: ADMIN(), call: () => ({ query: { page: 1 } }) },
  'POST /api/admin/admin': { expect: ADMIN(201), call: () => ({ body: newUser() }) },
  'GET /api/admin/admin/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.memberA.userId } }) },
  'PATCH /api/admin/admin/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      params: { id: await freshUser(fx) },
      body: { name: 'Renamed', email: `renamed${unique()}@example.com` },
    }),
  },
  'PUT /api/admin/admin/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      params: { id: await freshUser(fx) },
      body: { password: 'reset-pass-1', password_confirmation: 'reset-pass-1' },
    }),
  },
  'DELETE /api/admin/admin/:id': { expect: ADMIN(), call: async ({ fx }) => ({ params: { id: await freshUser(fx) } }) },
  'PATCH /api/admin/admin/:id/access': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ params: { id: await freshUser(fx) }, body: { evolution_page: true } }),
  },

  // Admin: member A's record, audit log.
  'GET /api/admin/user/:id/contact_details': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId } }),
  },
  'GET /api/admin/user/:id/evolution': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.memberA.userId } }) },
  'GET /api/admin/user/:id/evolution/calibration': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId } }),
  },
  'GET /api/admin/user/:id/evolution/workout_results': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId }, query: { evolution: 1 } }),
  },
  'GET /api/admin/user/:id/evolution/form': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId }, query: { page: 1 } }),
  },
  'GET /api/admin/user/:id/evolution/macro_data': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId } }),
  },
  'GET /api/admin/user/:id/evolution/chamber/:page': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId, page: 1 } }),
  },
  'GET /api/admin/user/:id/application_details': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId } }),
  },
  'GET /api/admin/user/:id/fact_finding_details': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.memberA.userId } }),
  },
  'GET /api/admin/audit_log': {
    expect: ADMIN(),
    call: ({ fx }) => ({ query: { page: 1, member_id: fx.memberA.userId } }),
  },

  // Admin: flags and messages.
  'GET /api/admin/assistance_flag': { expect: ADMIN(), call: () => ({ query: { page: 1, status: 0 } }) },
  'GET /api/admin/assistance_flag/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.flagId } }) },
  'POST /api/admin/assistance_flag/:id/reply': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.flagId }, body: { message: 'Ease off the dips.' } }),
  },
  'GET /api/admin/assistance_flag/:id/done': {
    expect: ADMIN(),
    call: async (c) => ({ params: { id: await flagToClose(c, 'admin') } }),
  },
  'GET /api/admin/message': { expect: ADMIN(), call: () => ({ query: { page: 1 } }) },
  'POST /api/admin/message': {
    expect: ADMIN(201),
    call: ({ fx }) => ({ body: { subject: 'Hello', message: 'Keep going.', recipient_id: fx.memberB.userId } }),
  },
  'GET /api/admin/message/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.messageId } }) },

  // Admin: catalogue lookups, calibrations, VO2 max levels, channels.
  'GET /api/admin/exercise_type': { expect: ADMIN() },
  'GET /api/admin/muscle_group': { expect: ADMIN() },
  'GET /api/admin/phase_class': { expect: ADMIN() },
  'GET /api/admin/form_group/all': { expect: ADMIN() },
  'GET /api/admin/calibration': { expect: ADMIN() },
  'GET /api/admin/calibration/:id': { expect: ADMIN(), call: () => ({ params: { id: 1 } }) },
  'PUT /api/admin/calibration/:id': { expect: ADMIN(), call: () => ({ params: { id: 1 }, body: calibration }) },
  'GET /api/admin/vo2max': { expect: ADMIN(), call: () => ({ query: { page: 1 } }) },
  'GET /api/admin/vo2max/:id': { expect: ADMIN(), call: () => ({ params: { id: 3 } }) },
  'PATCH /api/admin/vo2max/:id': { expect: ADMIN(), call: () => ({ params: { id: 3 }, body: vo2Level }) },
  'GET /api/admin/channel': { expect: ADMIN(), call: () => ({ query: { page: 1 } }) },
  'GET /api/admin/channel/:id': { expect: ADMIN(), call: () => ({ params: { id: CHANNEL.warrior } }) },
  'PUT /api/admin/channel/:id': {
    expect: ADMIN(),
    call: () => ({ params: { id: CHANNEL.warrior }, body: { name: 'Warrior' } }),
  },

  // Admin: form groups and forms.
  'GET /api/admin/form_group': { expect: ADMIN(), call: () => ({ query: { page: 1, search: 'Row' } }) },
  'POST /api/admin/form_group': { expect: ADMIN(201), call: () => ({ body: formGroup() }) },
  'GET /api/admin/form_group/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.formGroupId } }) },
  'PUT /api/admin/form_group/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ params: { id: await freshFormGroup(fx) }, body: formGroup() }),
  },
  'DELETE /api/admin/form_group/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ params: { id: await freshFormGroup(fx) } }),
  },
  'GET /api/admin/form_group/:id/form': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { id: fx.formGroupId }, query: { page: 1 } }),
  },
  'POST /api/admin/form_group/video': { expect: ADMIN(201), call: () => ({ upload: videoUpload }) },
  'POST /api/admin/form': {
    expect: ADMIN(201),
    call: async ({ fx }) => ({ body: formBody(await freshFormGroup(fx)) }),
  },
  'GET /api/admin/form/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.formId } }) },
  'PUT /api/admin/form/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      params: { id: await freshForm(fx) },
      body: { ...formBody(1), form_group_id: undefined, name: 'Renamed row' },
    }),
  },
  'DELETE /api/admin/form/:id': { expect: ADMIN(), call: async ({ fx }) => ({ params: { id: await freshForm(fx) } }) },

  // Admin: meals.
  'GET /api/admin/meal/group': { expect: ADMIN() },
  'GET /api/admin/meal/group/:groupId/meals': {
    expect: ADMIN(),
    call: ({ fx }) => ({ params: { groupId: fx.mealGroupId }, query: { page: 1 } }),
  },
  'POST /api/admin/meal': { expect: ADMIN(201), call: () => ({ body: meal() }) },
  'GET /api/admin/meal/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.mealId } }) },
  'PUT /api/admin/meal/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ params: { id: await freshMeal(fx) }, body: meal() }),
  },
  'DELETE /api/admin/meal/:id': { expect: ADMIN(), call: async ({ fx }) => ({ params: { id: await freshMeal(fx) } }) },
  'POST /api/admin/meal/image': { expect: ADMIN(201), call: async () => ({ upload: await imageUpload() }) },
  'POST /api/admin/meal/video': { expect: ADMIN(201), call: () => ({ upload: videoUpload }) },

  // Admin: content pages.
  'GET /api/admin/page/category': { expect: ADMIN() },
  'GET /api/admin/page/category/:id/pages': {
    expect: ADMIN(),
    call: () => ({ params: { id: 4 }, query: { page: 1, search: '' } }),
  },
  'POST /api/admin/page': { expect: ADMIN(201), call: () => ({ body: guide() }) },
  'GET /api/admin/page/:id': { expect: ADMIN(), call: ({ fx }) => ({ params: { id: fx.techniqueGuideId } }) },
  'PUT /api/admin/page/:id': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      params: { id: await freshGuide(fx) },
      body: { title: 'Edited guide', content: 'Straps long.' },
    }),
  },
  'DELETE /api/admin/page/:id': { expect: ADMIN(), call: async ({ fx }) => ({ params: { id: await freshGuide(fx) } }) },
  'POST /api/admin/page/image': { expect: ADMIN(201), call: async () => ({ upload: await imageUpload() }) },
  'POST /api/admin/page/video': {
    expect: ADMIN(201),
    call: () => ({
      upload: {
        files: [
          {
            ...videoUpload.files[0]!,
            filename: 'clip.webm',
            data: readFileSync(join(import.meta.dirname, '../../../client/e2e/fixtures/coach-demo.webm')),
          },
        ],
      },
    }),
  },
};

// An update route takes the other of PUT and PATCH too, where its path has no route of that method (rest/methods.ts):
// the same route options, so the same row and the same statuses.
for (const [key, row] of Object.entries(restMatrix)) {
  const [method, path] = key.split(' ') as [string, string];
  const other = method === 'PUT' ? 'PATCH' : method === 'PATCH' ? 'PUT' : null;
  if (other && !restMatrix[`${other} ${path}`]) restMatrix[`${other} ${path}`] = row;
}

/** tRPC procedures by '<type> <path>'; the same rules as their REST twins. Mutations answer 200. */
export const trpcMatrix: Record<string, Row> = {
  'mutation auth.login': {
    expect: PUBLIC(),
    call: ({ fx }) => ({ input: { email: fx.memberA.email, password: fx.memberA.password } }),
  },
  'mutation auth.register': { expect: PUBLIC(), call: () => ({ input: newMember() }) },
  'query auth.me': { expect: USER() },
  'mutation auth.logout': { expect: USER(), fresh: true },

  'query channels.list': { expect: PUBLIC() },
  'query channels.get': { expect: PUBLIC(), call: () => ({ input: { id: CHANNEL.warrior } }) },

  'query setup.applicationDetails': { expect: MEMBER() },
  'mutation setup.submitApplicationDetails': {
    expect: MEMBER(),
    fresh: freshNewcomer,
    call: () => ({ input: parq() }),
  },
  'query setup.factFinding': { expect: MEMBER() },
  'mutation setup.submitFactFinding': { expect: MEMBER(), fresh: atFactFind, call: () => ({ input: factFind() }) },

  'mutation account.changePassword': { expect: USER(), fresh: true, call: (c) => ({ input: changedPassword(c) }) },
  'mutation account.requestPasswordReset': {
    expect: PUBLIC(),
    call: ({ fx }) => ({ input: { email: fx.memberA.email } }),
  },
  'mutation account.resetPassword': {
    expect: PUBLIC(422),
    call: ({ fx }) => ({
      input: {
        email: fx.memberA.email,
        token: 'not-the-mailed-token',
        password: 'new-secret-pass',
        confirm_password: 'new-secret-pass',
      },
    }),
  },
  'query account.contactDetails': { expect: MEMBER() },
  'mutation account.updateContactDetails': { expect: MEMBER(), call: () => ({ input: contactDetails() }) },
  'query account.sets': { expect: MEMBER() },
  'mutation account.updateSets': { expect: MEMBER(), call: () => ({ input: { number_of_sets: 24 } }) },
  'query account.exportData': { expect: MEMBER() },
  'mutation account.deleteAccount': {
    expect: MEMBER(),
    fresh: true,
    call: (c) => ({ input: { password: password(c) } }),
  },
  'query account.dataReads': { expect: MEMBER(), call: () => ({ input: { page: 1 } }) },
  'query account.subscription.current': { expect: MEMBER() },
  'mutation account.subscription.registerAndSubscribe': {
    expect: { anonymous: 200, member: 200, otherMember: 200, admin: 403 },
    fresh: freshNewcomer,
    call: ({ account }) => ({
      input: account
        ? { channel_id: CHANNEL.warrior, plan_id: 1, nonce: 'pm_card_visa' }
        : subscriberRegistration({ channel_id: CHANNEL.warrior }),
    }),
  },
  'mutation account.subscription.subscribe': {
    expect: MEMBER(),
    fresh: freshNewcomer,
    call: () => ({ input: { channel_id: CHANNEL.warrior, plan_id: 1, nonce: 'pm_card_visa' } }),
  },
  'mutation account.subscription.changePlan': { expect: MEMBER(), fresh: true, call: () => ({ input: { id: 1 } }) },
  'mutation account.subscription.cancel': { expect: MEMBER(), fresh: true },
  'query account.subscription.paymentConfig': { expect: PUBLIC() },

  'query warrior.versions': { expect: MEMBER() },
  'query warrior.phases': { expect: MEMBER(), call: () => ({ input: { type: 'general' } }) },
  'query warrior.phase': { expect: MEMBER(), call: () => ({ input: { type: 'general' } }) },
  'mutation warrior.submitPhase': {
    expect: MEMBER(),
    fresh: freshWarrior,
    call: () => ({ input: { type: 'calibration', phaseType: 'vo2', data: { time_to_complete: 900 } } }),
  },
  'mutation warrior.uploadImage': { expect: MEMBER(), call: () => imageUpload().then((upload) => ({ upload })) },
  'query warrior.evolution': { expect: MEMBER() },
  'query warrior.calibrationResults': { expect: MEMBER() },
  'query warrior.workoutResults': { expect: MEMBER(), call: () => ({ input: { evolution: 1 } }) },
  'query warrior.formLevels': { expect: MEMBER(), call: () => ({ input: { page: 1 } }) },
  'query warrior.chamber': { expect: MEMBER(), call: () => ({ input: { page: 1 } }) },
  'query warrior.chamberTrend': { expect: MEMBER() },
  'query warrior.page': { expect: MEMBER(), call: () => ({ input: { id: 97 } }) },
  'query warrior.pages': { expect: MEMBER(), call: () => ({ input: { categoryId: 4, page: 1 } }) },
  'query warrior.pageVideo': { expect: USER(), call: ({ fx }) => ({ input: { id: fx.videoPageId } }) },
  'query warrior.formGroupVideo': {
    expect: USER(),
    call: ({ fx }) => ({ input: { formGroupId: fx.videoFormGroupId } }),
  },

  'query superhuman.mealGroups': { expect: MEMBER() },
  'query superhuman.meals': { expect: MEMBER(), call: ({ fx }) => ({ input: { groupId: fx.mealGroupId, page: 1 } }) },
  'query superhuman.meal': { expect: MEMBER(), call: ({ fx }) => ({ input: { id: fx.mealId } }) },
  'query superhuman.elixirPhase': { expect: MEMBER(), call: () => ({ input: { phase: 1 } }) },
  'query superhuman.macroData': { expect: MEMBER() },
  'query superhuman.macroGuidelines': { expect: USER() },

  'query flags.list': { expect: MEMBER(), call: () => ({ input: { page: 1 } }) },
  'query flags.get': { expect: OWNED(), call: ({ fx }) => ({ input: { id: fx.flagId } }) },
  'mutation flags.open': { expect: MEMBER(), call: () => ({ input: flag() }) },
  'mutation flags.reply': {
    expect: OWNED(),
    call: ({ fx }) => ({ input: { id: fx.flagId, message: 'Still clicking.' } }),
  },
  'mutation flags.close': { expect: OWNED(), call: async (c) => ({ input: { id: await flagToClose(c, 'member') } }) },

  'query messages.list': { expect: MEMBER(), call: () => ({ input: { page: 1 } }) },
  'query messages.get': { expect: OWNED(), call: ({ fx }) => ({ input: { id: fx.messageId } }) },
  'query messages.unreadCount': { expect: MEMBER() },

  // Web Push: a device of one's own, for members and admins alike (another's device is push.test.ts's concern).
  'query push.key': { expect: USER() },
  'query push.subscription': {
    expect: USER(),
    call: async (c) => ({ input: { endpoint: (await device(c, true)).endpoint } }),
  },
  'mutation push.subscribe': { expect: USER(), call: async (c) => ({ input: await device(c, false) }) },
  'mutation push.unsubscribe': {
    expect: USER(),
    call: async (c) => ({ input: { endpoint: (await device(c, true)).endpoint } }),
  },

  'query tokens.list': { expect: USER() },
  'mutation tokens.create': { expect: USER(), call: () => ({ input: { name: 'Matrix', abilities: ['write'] } }) },
  'mutation tokens.revoke': { expect: TOKEN_OWNER, call: async ({ fx }) => ({ input: { id: await tokenOfA(fx) } }) },

  // Server-sent events: checked over real HTTP for the status the stream opens with.
  'subscription live.events': { expect: USER() },

  'query admin.users.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.users.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'mutation admin.users.create': { expect: ADMIN(), call: () => ({ input: newUser() }) },
  'mutation admin.users.update': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      input: { id: await freshUser(fx), name: 'Renamed', email: `renamed${unique()}@example.com` },
    }),
  },
  'mutation admin.users.setPassword': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      input: { id: await freshUser(fx), password: 'reset-pass-1', password_confirmation: 'reset-pass-1' },
    }),
  },
  'mutation admin.users.setAccess': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: { id: await freshUser(fx), evolution_page: true } }),
  },
  'mutation admin.users.delete': { expect: ADMIN(), call: async ({ fx }) => ({ input: { id: await freshUser(fx) } }) },

  'query admin.members.member': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'query admin.members.contactDetails': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'query admin.members.evolution': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'query admin.members.calibrationResults': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { id: fx.memberA.userId } }),
  },
  'query admin.members.workoutResults': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { id: fx.memberA.userId, evolution: 1 } }),
  },
  'query admin.members.formLevels': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { id: fx.memberA.userId, page: 1 } }),
  },
  'query admin.members.applicationDetails': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { id: fx.memberA.userId } }),
  },
  'query admin.members.factFinding': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'query admin.members.chamber': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId, page: 1 } }) },
  'query admin.members.macroData': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.memberA.userId } }) },
  'query admin.audit.list': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { page: 1, member_id: fx.memberA.userId } }),
  },
  'query admin.audit.admins': { expect: ADMIN() },

  'query admin.flags.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.flags.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.flagId } }) },
  'mutation admin.flags.reply': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { id: fx.flagId, message: 'Ease off the dips.' } }),
  },
  'mutation admin.flags.close': {
    expect: ADMIN(),
    call: async (c) => ({ input: { id: await flagToClose(c, 'admin') } }),
  },
  'query admin.messages.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.messages.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.messageId } }) },
  'mutation admin.messages.send': {
    expect: ADMIN(),
    call: ({ fx }) => ({ input: { subject: 'Hello', message: 'Keep going.', recipient_id: fx.memberB.userId } }),
  },

  'query admin.calibrations.exerciseTypes': { expect: ADMIN() },
  'query admin.calibrations.muscleGroups': { expect: ADMIN() },
  'query admin.calibrations.formGroupsAll': { expect: ADMIN() },
  'query admin.calibrations.list': { expect: ADMIN() },
  'query admin.calibrations.get': { expect: ADMIN(), call: () => ({ input: { id: 1 } }) },
  'mutation admin.calibrations.update': { expect: ADMIN(), call: () => ({ input: { id: 1, ...calibration } }) },
  'query admin.channels.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.channels.get': { expect: ADMIN(), call: () => ({ input: { id: CHANNEL.warrior } }) },
  'mutation admin.channels.update': {
    expect: ADMIN(),
    call: () => ({ input: { id: CHANNEL.warrior, name: 'Warrior' } }),
  },
  'query admin.vo2max.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.vo2max.get': { expect: ADMIN(), call: () => ({ input: { id: 3 } }) },
  'mutation admin.vo2max.update': { expect: ADMIN(), call: () => ({ input: { id: 3, ...vo2Level } }) },

  'query admin.formGroups.list': { expect: ADMIN(), call: () => ({ input: { page: 1 } }) },
  'query admin.formGroups.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.formGroupId } }) },
  'mutation admin.formGroups.create': { expect: ADMIN(), call: () => ({ input: formGroup() }) },
  'mutation admin.formGroups.update': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: { id: await freshFormGroup(fx), ...formGroup() } }),
  },
  'mutation admin.formGroups.delete': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: { id: await freshFormGroup(fx) } }),
  },
  'query admin.forms.list': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.formGroupId, page: 1 } }) },
  'query admin.forms.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.formId } }) },
  'mutation admin.forms.create': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: formBody(await freshFormGroup(fx)) }),
  },
  'mutation admin.forms.update': {
    expect: ADMIN(),
    call: async ({ fx }) => ({
      input: { ...formBody(1), form_group_id: undefined, id: await freshForm(fx), name: 'Renamed row' },
    }),
  },
  'mutation admin.forms.delete': { expect: ADMIN(), call: async ({ fx }) => ({ input: { id: await freshForm(fx) } }) },

  'query admin.meals.groups': { expect: ADMIN() },
  'query admin.meals.list': { expect: ADMIN(), call: ({ fx }) => ({ input: { groupId: fx.mealGroupId, page: 1 } }) },
  'query admin.meals.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.mealId } }) },
  'mutation admin.meals.create': { expect: ADMIN(), call: () => ({ input: meal() }) },
  'mutation admin.meals.update': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: { id: await freshMeal(fx), ...meal() } }),
  },
  'mutation admin.meals.remove': { expect: ADMIN(), call: async ({ fx }) => ({ input: { id: await freshMeal(fx) } }) },

  'query admin.pages.categories': { expect: ADMIN() },
  'query admin.pages.phaseClasses': { expect: ADMIN() },
  'query admin.pages.list': { expect: ADMIN(), call: () => ({ input: { categoryId: 4, page: 1 } }) },
  'query admin.pages.get': { expect: ADMIN(), call: ({ fx }) => ({ input: { id: fx.techniqueGuideId } }) },
  'mutation admin.pages.create': { expect: ADMIN(), call: () => ({ input: guide() }) },
  'mutation admin.pages.update': {
    expect: ADMIN(),
    call: async ({ fx }) => ({ input: { id: await freshGuide(fx), title: 'Edited guide', content: 'Straps long.' } }),
  },
  'mutation admin.pages.delete': { expect: ADMIN(), call: async ({ fx }) => ({ input: { id: await freshGuide(fx) } }) },
  'mutation admin.media.upload': {
    expect: ADMIN(),
    call: async () => ({
      upload: {
        fields: { kind: 'meal_image' },
        files: [{ name: 'image', filename: 'picture.png', type: 'image/png', data: await png() }],
      },
    }),
  },
};

/** A multipart body for app.inject from an upload. */
export const uploadBody = (upload: Upload) => multipart(upload.fields ?? {}, upload.files);
