import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, SUBSCRIPTION_MESSAGE, subscriptionViewSchema } from '@evolution/shared';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { ContactDetails, Evolution, Subscription, User } from '../src/entities/index.ts';
import { expectFieldErrors, newMember, rest, subscriberRegistration, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

// The offline provider (no STRIPE_SECRET_KEY): pm_card_visa pays, pm_card_chargeDeclined is declined.
const ctx = useTestApp();

const registration = (overrides: Record<string, unknown> = {}) =>
  subscriberRegistration({ first_name: 'Ada', last_name: 'Lovelace', telephone: '+44 1225 000000', ...overrides });
const em = () => ctx.app.orm.em.fork();
const counts = async () => ({
  users: await em().count(User),
  subscriptions: await em().count(Subscription),
  contacts: await em().count(ContactDetails),
});

async function subscribedMember(planId = 1, channelId = 1) {
  const res = await rest(ctx.app, 'POST', '/api/register/subscription', {
    body: registration({ plan_id: planId, channel_id: channelId }),
  });
  expect(res.status).toBe(201);
  return { token: res.body.access_token as string, userId: res.body.user_id as number };
}
async function plainMember() {
  return (await rest(ctx.app, 'POST', '/api/register', { body: newMember() })).body.access_token as string;
}
const adminToken = async () => (await signedInAdmin(ctx.app)).token;
/** A tRPC account.subscription mutation on the app under test. */
const subscriptionCall = (procedure: string, input: unknown, token?: string) =>
  trpc(ctx.app, 'mutation', `account.subscription.${procedure}`, input, token);

describe('POST /api/register/subscription', () => {
  it('creates the member, the billing address and a paid subscription, and answers with a signed-in login response', async () => {
    const body = registration({ channel_id: 2, plan_id: 3 });
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body });
    expect(res.status).toBe(201);
    const login = loginResponseSchema.strict().parse(res.body);
    expect(login).toMatchObject({
      user_role: 1,
      initial_setup: 1,
      initial_setup_step: 1,
      access: { warrior_channel: true, superhuman_channel: true, immortal_channel: false },
      subscription: {
        active: true,
        channel: { id: 2, short_name: 'superhuman' },
        plan: { plan_id: 3 },
        status: 'active',
        cancel_at_period_end: false,
      },
    });
    const days = (Date.parse(login.subscription.current_period_end!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const contact = await em().findOneOrFail(ContactDetails, { user: login.user_id });
    expect(contact).toMatchObject({
      firstName: 'Ada',
      addressLine1: '1 High Street',
      addressLine2: null,
      postcode: 'BA1 1AA',
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: login.access_token })).body.subscription.active).toBe(
      true,
    );
  });

  it("a declined card answers 402 with the spec's failure text and creates nothing", async () => {
    const before = await counts();
    const body = registration({ nonce: 'pm_card_chargeDeclined' });
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Registration was not successful: Your card was declined.' });
    expect(await counts()).toEqual(before);
    expect(await em().count(User, { email: body.email })).toBe(0);
  });

  it('an unknown card is refused with a message naming the offline test card', async () => {
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', {
      body: registration({ nonce: 'tok_something' }),
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toContain('pm_card_visa');
  });

  it('answers an empty body with 422 and every required field, creating nothing', async () => {
    const before = await counts();
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body: {} });
    expectFieldErrors(res, {
      email: ['This is a required field'],
      name: ['This is a required field'],
      password: ['This is a required field'],
      confirm_password: ['This is a required field'],
      address_line1: ['Address Line 1 is required'],
      city: ['City is required'],
      county: ['County is required'],
      postcode: ['Postcode is required'],
      country: ['Country is required'],
      telephone: ['Telephone is required'],
      channel_id: ['The channel id field is required.'],
      plan_id: ['The plan id field is required.'],
      nonce: ['The nonce field is required.'],
    });
    expect(res.body.message).toBe('This is a required field (and 12 more errors)');
    expect(await counts()).toEqual(before);
  });

  it('refuses immortal, inactive, unknown and mismatched plans with 422 on plan_id', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ channel_id: 3, plan_id: 5 }, 'The Immortal channel is listed but cannot be bought.'],
      [{ channel_id: 1, plan_id: 99 }, 'The selected plan id is invalid.'],
      [{ channel_id: 1, plan_id: 3 }, 'The selected plan does not belong to this channel.'],
    ];
    for (const [plan, message] of cases) {
      const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration(plan) });
      expectFieldErrors(res, { plan_id: [message] });
    }
    await em().getConnection().execute('update plans set active = false where id = 2');
    try {
      const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body: registration({ plan_id: 2 }) });
      expectFieldErrors(res, { plan_id: ['This plan is not available.'] });
    } finally {
      await em().getConnection().execute('update plans set active = true where id = 2');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a taken email with 422 and charges nothing', async () => {
    const body = registration();
    expect((await rest(ctx.app, 'POST', '/api/register/subscription', { body })).status).toBe(201);
    const before = await counts();
    const again = await rest(ctx.app, 'POST', '/api/register/subscription', { body });
    expectFieldErrors(again, { email: ['The email has already been taken.'] });
    expect(await counts()).toEqual(before);
  });

  it('counts a double-clicked submit once', async () => {
    const body = registration();
    const results = await Promise.all([1, 2].map(() => rest(ctx.app, 'POST', '/api/register/subscription', { body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const user = await em().findOneOrFail(User, { email: body.email });
    expect(await em().count(Subscription, { user: user.id })).toBe(1);
  });

  it('for a signed-in member skips the registration and only buys the plan', async () => {
    const token = await plainMember();
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', {
      token,
      body: { channel_id: 1, plan_id: 2, nonce: 'pm_card_visa' },
    });
    expect(res.status).toBe(201);
    expect(res.body.access_token).toBeUndefined();
    expect(res.body.subscription).toMatchObject({ active: true, plan: { plan_id: 2 } });
    expect(res.body.access).toMatchObject({ warrior_channel: true, superhuman_channel: false });
    // A yearly plan runs a year.
    expect((Date.parse(res.body.subscription.current_period_end) - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });

  it('refuses an admin token (403) and a bad token (401)', async () => {
    const body = registration();
    expect(
      (await rest(ctx.app, 'POST', '/api/register/subscription', { body, token: await adminToken() })).status,
    ).toBe(403);
    expect((await rest(ctx.app, 'POST', '/api/register/subscription', { body, token: 'garbage' })).status).toBe(401);
  });
});

describe('POST /api/user/subscription', () => {
  it('buys a plan for a signed-in member; the access map follows the plan', async () => {
    const token = await plainMember();
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: '2', plan_id: '4', nonce: 'pm_card_visa' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Subscription created');
    expect(subscriptionViewSchema.strict().parse(res.body.data)).toMatchObject({
      channel_id: 2,
      channel_name: 'Superhuman',
      active: true,
      provider: 'offline',
      plan: { plan_id: 4, amount: 499 },
    });
    const me = await rest(ctx.app, 'GET', '/api/user', { token });
    expect(me.body.access).toMatchObject({ warrior_channel: true, superhuman_channel: true });
  });

  it('a repeated submit for the plan held answers as the first; another plan while active is a 409', async () => {
    const { token, userId } = await subscribedMember();
    const same = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
    });
    expect(same.status).toBe(201);
    expect(same.body.data.plan.plan_id).toBe(1);
    const other = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 2, plan_id: 3, nonce: 'pm_card_visa' },
    });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: 'You already have an active subscription: change your plan instead.' });
    expect(await em().count(Subscription, { user: userId })).toBe(1);
  });

  it('counts concurrent submits once', async () => {
    const reg = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
    const token = reg.body.access_token as string;
    const body = { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' };
    const results = await Promise.all(
      [1, 2, 3].map(() => rest(ctx.app, 'POST', '/api/user/subscription', { token, body })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.start_date)).size).toBe(1);
    expect(await em().count(Subscription, { user: reg.body.user_id })).toBe(1);
  });

  it('a declined card changes nothing', async () => {
    const token = await plainMember();
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_chargeDeclined' },
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Registration was not successful: Your card was declined.');
    expect((await rest(ctx.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      active: false,
      plan: null,
      channel_name: null,
    });
  });

  it('renews a lapsed subscription in place', async () => {
    const { token, userId } = await subscribedMember();
    await em().nativeUpdate(
      Subscription,
      { user: userId },
      { currentPeriodEnd: new Date(Date.now() - 1000), status: 'past_due' },
    );
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.access.warrior_channel).toBe(false);
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 2, plan_id: 3, nonce: 'pm_card_visa' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ active: true, status: 'active', channel_id: 2 });
    expect(await em().count(Subscription, { user: userId })).toBe(1);
  });

  it('validates the body and the roles', async () => {
    const token = await plainMember();
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', { token, body: { channel_id: 'x' } });
    expectFieldErrors(res, {
      channel_id: ['The channel id must be a whole number.'],
      plan_id: ['The plan id field is required.'],
      nonce: ['The nonce field is required.'],
    });
    expect((await rest(ctx.app, 'POST', '/api/user/subscription', { body: {} })).status).toBe(401);
    expect(
      (await rest(ctx.app, 'POST', '/api/user/subscription', { token: await adminToken(), body: {} })).status,
    ).toBe(403);
  });
});

describe('GET /api/user/payment/{id}/change', () => {
  it('moves to another plan and the channel flags follow', async () => {
    const { token } = await subscribedMember(1, 1);
    const res = await rest(ctx.app, 'GET', '/api/user/payment/3/change', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Subscription changed',
      data: { channel_id: 2, channel_name: 'Superhuman', plan: { plan_id: 3 }, active: true },
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.access).toMatchObject({
      warrior_channel: true,
      superhuman_channel: true,
    });
    const down = await rest(ctx.app, 'GET', '/api/user/payment/1/change', { token });
    expect(down.body.data.channel_id).toBe(1);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.access).toMatchObject({
      warrior_channel: true,
      superhuman_channel: false,
    });
  });

  it('keeps the period for the same interval and restarts it for another', async () => {
    const { token } = await subscribedMember(1, 1);
    const before = (await rest(ctx.app, 'GET', '/api/user/subscription', { token })).body.data.current_period_end;
    expect((await rest(ctx.app, 'GET', '/api/user/payment/3/change', { token })).body.data.current_period_end).toBe(
      before,
    );
    const yearly = await rest(ctx.app, 'GET', '/api/user/payment/4/change', { token });
    expect((Date.parse(yearly.body.data.current_period_end) - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });

  it('refuses immortal and unknown plans (422), no subscription (409), and other roles', async () => {
    const { token } = await subscribedMember();
    expect((await rest(ctx.app, 'GET', '/api/user/payment/5/change', { token })).body).toEqual({
      message: 'The Immortal channel is listed but cannot be bought.',
      errors: { plan_id: ['The Immortal channel is listed but cannot be bought.'] },
    });
    expect((await rest(ctx.app, 'GET', '/api/user/payment/99/change', { token })).status).toBe(422);
    expect((await rest(ctx.app, 'GET', '/api/user/payment/abc/change', { token })).body.errors).toEqual({
      id: ['The plan id must be a whole number.'],
    });
    expect((await rest(ctx.app, 'GET', '/api/user/subscription', { token })).body.data.plan.plan_id).toBe(1);
    const none = await rest(ctx.app, 'GET', '/api/user/payment/1/change', { token: await plainMember() });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: 'You have no active subscription to change.' });
    expect((await rest(ctx.app, 'GET', '/api/user/payment/1/change')).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user/payment/1/change', { token: await adminToken() })).status).toBe(403);
  });
});

describe('GET /api/user/payment/cancel', () => {
  it('cancels at period end: access lasts, the screen shows until when, and a second cancel changes nothing', async () => {
    const { token } = await subscribedMember();
    const res = await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Subscription cancelled',
      data: { active: true, cancel_at_period_end: true, status: 'active' },
    });
    expect(Date.parse(res.body.data.current_period_end)).toBeGreaterThan(Date.now());
    const me = await rest(ctx.app, 'GET', '/api/user', { token });
    expect(me.body.subscription).toMatchObject({
      active: true,
      cancel_at_period_end: true,
      current_period_end: res.body.data.current_period_end,
    });
    expect(me.body.access.warrior_channel).toBe(true);
    const again = await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token });
    expect(again.body.data).toEqual(res.body.data);
  });

  it('the current plan again resumes a cancelled subscription', async () => {
    const { token } = await subscribedMember();
    await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token });
    const res = await rest(ctx.app, 'GET', '/api/user/payment/1/change', { token });
    expect(res.body.data).toMatchObject({ cancel_at_period_end: false, plan: { plan_id: 1 } });
  });

  it('without an active subscription is a 409', async () => {
    const res = await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token: await plainMember() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You have no active subscription to cancel.' });
  });
});

describe('GET /api/user/subscription', () => {
  it('answers the subscription screen in data', async () => {
    const { token, userId } = await subscribedMember(2, 1);
    await em().nativeUpdate(Evolution, { user: userId }, { version: 3, phase: 5 });
    const res = await rest(ctx.app, 'GET', '/api/user/subscription', { token });
    expect(res.status).toBe(200);
    const view = subscriptionViewSchema.strict().parse(res.body.data);
    expect(view).toMatchObject({
      channel_name: 'Warrior',
      version: 3,
      phase: 5,
      evolution: 1,
      plan: { plan_id: 2, name: 'Warrior yearly', amount: 299, duration: '1 year' },
      active: true,
      cancel_at_period_end: false,
    });
    expect(Date.parse(view.start_date!)).toBeLessThanOrEqual(Date.now());
  });

  it('is 401 anonymous and 403 for an admin', async () => {
    expect((await rest(ctx.app, 'GET', '/api/user/subscription')).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user/subscription', { token: await adminToken() })).status).toBe(403);
  });
});

describe('tRPC account.subscription', () => {
  it('registers and subscribes, reads, changes and cancels through the same services', async () => {
    const reg = await subscriptionCall('registerAndSubscribe', registration());
    expect(reg.status).toBe(200);
    const token = reg.data.access_token;
    expect(reg.data.subscription).toMatchObject({ active: true, plan: { plan_id: 1 } });
    expect((await trpc(ctx.app, 'query', 'account.subscription.current', undefined, token)).data).toMatchObject({
      channel_name: 'Warrior',
    });
    expect((await subscriptionCall('changePlan', { id: 3 }, token)).data).toMatchObject({
      channel_id: 2,
    });
    expect((await subscriptionCall('cancel', undefined, token)).data).toMatchObject({
      cancel_at_period_end: true,
    });
  });

  it('reports a decline as 402 and validation as 422', async () => {
    const declined = await subscriptionCall('registerAndSubscribe', registration({ nonce: 'pm_card_chargeDeclined' }));
    expect(declined.status).toBe(402);
    expect(declined.error.message).toBe('Registration was not successful: Your card was declined.');
    const token = await plainMember();
    const bad = await subscriptionCall('subscribe', { channel_id: 3, plan_id: 5, nonce: 'pm_card_visa' }, token);
    expect(bad.status).toBe(422);
    expect(bad.error.data.errors).toEqual({ plan_id: ['The Immortal channel is listed but cannot be bought.'] });
  });
});

describe("a signed-in member's billing address", () => {
  const address = {
    address_line1: '2 Royal Crescent',
    address_line2: '',
    city: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 2LR',
    country: 'United Kingdom',
    telephone: '01225 111111',
  };
  const contact = async (token: string) =>
    (await rest(ctx.app, 'GET', '/api/user/contact_details', { token })).body.data as Record<string, string | null>;
  const socialMember = async () => {
    const token = await plainMember();
    const saved = await rest(ctx.app, 'PUT', '/api/user/contact_details', {
      token,
      body: { ...address, address_line1: 'Old Road', address_line2: 'Flat 1', twitter: '@ada' },
    });
    expect(saved.status).toBe(200);
    return token;
  };

  it('is saved to the contact details with the subscription over REST, social links kept', async () => {
    const token = await socialMember();
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa', ...address },
    });
    expect(res.status).toBe(201);
    expect(await contact(token)).toEqual({
      ...address,
      address_line2: null,
      twitter: '@ada',
      linkedin: null,
      facebook: null,
      instagram: null,
    });
  });

  it('is saved through tRPC (subscribe and registerAndSubscribe), creating the contact details when there were none', async () => {
    const first = await plainMember();
    const sub = await subscriptionCall(
      'subscribe',
      { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa', ...address },
      first,
    );
    expect(sub.status).toBe(200);
    expect(await contact(first)).toMatchObject({ address_line1: '2 Royal Crescent', postcode: 'BA1 2LR' });
    const second = await plainMember();
    const reg = await subscriptionCall(
      'registerAndSubscribe',
      { channel_id: 2, plan_id: 3, nonce: 'pm_card_visa', ...address, city: 'Wells' },
      second,
    );
    expect(reg.status).toBe(200);
    expect(reg.data.subscription).toMatchObject({ active: true, plan: { plan_id: 3 } });
    expect(await contact(second)).toMatchObject({ city: 'Wells', telephone: '01225 111111' });
  });

  it('sent in part is refused with every missing field named, and nothing changes', async () => {
    const token = await socialMember();
    const before = await contact(token);
    const body = { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa', address_line1: '2 Royal Crescent', city: ' ' };
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', { token, body });
    expectFieldErrors(res, {
      city: ['City is required'],
      county: ['County is required'],
      postcode: ['Postcode is required'],
      country: ['Country is required'],
      telephone: ['Telephone is required'],
    });
    const viaTrpc = await subscriptionCall('subscribe', body, token);
    expect(viaTrpc.status).toBe(422);
    expect(Object.keys(viaTrpc.error.data.errors)).toEqual(['city', 'county', 'postcode', 'country', 'telephone']);
    expect(await contact(token)).toEqual(before);
    expect((await rest(ctx.app, 'GET', '/api/user/subscription', { token })).body.data.active).toBe(false);
  });

  it('is not saved when the card is declined or the plan refused', async () => {
    const token = await socialMember();
    const before = await contact(token);
    const declined = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_chargeDeclined', ...address },
    });
    expect(declined.status).toBe(402);
    const immortal = await subscriptionCall(
      'subscribe',
      { channel_id: 3, plan_id: 5, nonce: 'pm_card_visa', ...address },
      token,
    );
    expect(immortal.status).toBe(422);
    expect(await contact(token)).toEqual(before);
  });

  it('left out, leaves the contact details alone', async () => {
    const token = await socialMember();
    const before = await contact(token);
    const res = await rest(ctx.app, 'POST', '/api/user/subscription', {
      token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
    });
    expect(res.status).toBe(201);
    expect(await contact(token)).toEqual(before);
  });
});

// A production server (a DATABASE_URL of its own) with neither a Stripe key nor PAYMENT_PROVIDER=offline: a second
// app on this file's database, so the members the offline app made are there to try.
describe('payments not configured', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildApp({ ...testConfig({ offlinePayments: false }), databaseUrl: ctx.databaseUrl });
    await bare.ready();
  });
  afterAll(async () => {
    await bare?.close();
  });
  const notConfigured = { message: 'Payments are not configured' };
  const held = async (userId: number) => {
    const sub = await em().findOneOrFail(Subscription, { user: userId });
    return {
      plan: sub.plan.id,
      cancel: sub.cancelAtPeriodEnd,
      id: sub.providerSubscriptionId,
      end: sub.currentPeriodEnd,
    };
  };

  it('tells the client there is no provider, and no key', async () => {
    const res = await trpc(bare, 'query', 'account.subscription.paymentConfig');
    expect(res.data).toEqual({ provider: 'none', publishableKey: null });
  });

  it('answers 503 to every REST purchase, plan change and cancellation, and changes nothing', async () => {
    const { token, userId } = await subscribedMember();
    const plain = await plainMember();
    const before = { ...(await counts()), held: await held(userId) };
    const calls = [
      await rest(bare, 'POST', '/api/register/subscription', { body: registration() }),
      await rest(bare, 'POST', '/api/register/subscription', {
        body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
        token: plain,
      }),
      await rest(bare, 'POST', '/api/user/subscription', {
        body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
        token: plain,
      }),
      await rest(bare, 'GET', '/api/user/payment/3/change', { token }),
      await rest(bare, 'GET', '/api/user/payment/cancel', { token }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(notConfigured);
    }
    expect({ ...(await counts()), held: await held(userId) }).toEqual(before);
    expect((await rest(bare, 'GET', '/api/user/subscription', { token })).body.data.active).toBe(true);
  });

  it('answers 503 through tRPC too, and changes nothing', async () => {
    const { token, userId } = await subscribedMember();
    const plain = await plainMember();
    const before = { ...(await counts()), held: await held(userId) };
    const calls = [
      await trpc(bare, 'mutation', 'account.subscription.registerAndSubscribe', registration()),
      await trpc(
        bare,
        'mutation',
        'account.subscription.subscribe',
        { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
        plain,
      ),
      await trpc(bare, 'mutation', 'account.subscription.changePlan', { id: 3 }, token),
      await trpc(bare, 'mutation', 'account.subscription.cancel', undefined, token),
    ];
    for (const res of calls) {
      expect(res.status).toBe(503);
      expect(res.error.message).toBe(SUBSCRIPTION_MESSAGE.notConfigured);
    }
    expect({ ...(await counts()), held: await held(userId) }).toEqual(before);
  });

  it('still deletes an account, leaving its offline subscription alone', async () => {
    const { token, userId } = await subscribedMember();
    const res = await rest(bare, 'DELETE', '/api/user', { token, body: { password: 'secret-pass' } });
    expect(res.status).toBe(200);
    expect(await em().count(User, { id: userId })).toBe(0);
  });

  it('keeps an account whose card Stripe still bills: 503, so no card is charged behind a deleted account', async () => {
    const { token, userId } = await subscribedMember();
    await em().nativeUpdate(Subscription, { user: userId }, { provider: 'stripe', providerSubscriptionId: 'sub_live' });
    const res = await rest(bare, 'DELETE', '/api/user', { token, body: { password: 'secret-pass' } });
    expect(res).toMatchObject({ status: 503, body: { message: SUBSCRIPTION_MESSAGE.notConfigured } });
    expect(await em().count(User, { id: userId })).toBe(1);
  });
});
