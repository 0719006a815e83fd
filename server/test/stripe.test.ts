import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { PaymentEvent, Subscription, User } from '../src/entities/index.ts';
import { newMember, rest, subscriberRegistration } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { startFakeStripe } from './helpers/fakeStripe.ts';

// The real stripe SDK against a local fake Stripe API started here.
const fake = await startFakeStripe();
afterAll(() => fake.close());
const webhookSecret = 'whsec_test_secret';
const ctx = useTestApp({
  stripeSecretKey: 'sk_test_fake',
  stripeWebhookSecret: webhookSecret,
  stripeApiHost: '127.0.0.1',
  stripeApiPort: fake.port,
  stripeApiProtocol: 'http',
});

const registration = subscriberRegistration;
const em = () => ctx.app.orm.em.fork();
const stripe = new Stripe('sk_test_fake');

async function subscribed(planId = 1, channelId = 1) {
  const res = await rest(ctx.app, 'POST', '/api/register/subscription', {
    body: registration({ plan_id: planId, channel_id: channelId }),
  });
  expect(res.status).toBe(201);
  const sub = await em().findOneOrFail(Subscription, { user: res.body.user_id });
  return {
    token: res.body.access_token as string,
    userId: res.body.user_id as number,
    stripeId: sub.providerSubscriptionId!,
  };
}

/** Posts an event to the webhook as Stripe would: raw JSON signed with the endpoint secret. */
async function deliver(event: Record<string, unknown>, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
  return { status: res.statusCode, body: res.json() };
}
let eventCounter = 0;
const event = (type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_test_${Date.now()}_${++eventCounter}`,
  object: 'event',
  api_version: '2026-10-28.endive',
  created,
  livemode: false,
  pending_webhooks: 1,
  type,
  data: { object },
});

describe('subscribing through Stripe', () => {
  it('creates customer, attaches the card, creates the price once and the subscription, each with an idempotency key', async () => {
    const before = fake.requests.length;
    const { stripeId, userId } = await subscribed();
    const calls = fake.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_visa/attach',
      'POST /v1/prices',
      'POST /v1/subscriptions',
    ]);
    for (const c of calls) expect(c.idempotencyKey).toMatch(/^[a-z]+-[0-9a-f]{48}$/);
    const create = calls[3]!;
    expect(create.body).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      default_payment_method: 'pm_card_visa',
      payment_behavior: 'error_if_incomplete',
      metadata: { user_id: String(userId), plan_id: '1' },
    });
    expect(calls[2]!.body).toMatchObject({
      currency: 'gbp',
      unit_amount: '2999',
      recurring: { interval: 'month', interval_count: '1' },
    });
    const sub = await em().findOneOrFail(Subscription, { user: userId }, { populate: ['plan'] });
    expect(sub).toMatchObject({ provider: 'stripe', status: 'active', providerSubscriptionId: stripeId });
    expect(sub.providerCustomerId).toMatch(/^cus_/);
    // The price is remembered on the plan: the next member's purchase does not create another.
    expect(sub.plan.stripePriceId).toMatch(/^price_/);
    const next = fake.requests.length;
    await subscribed();
    expect(fake.requests.slice(next).filter((c) => c.path === '/v1/prices')).toHaveLength(0);
    expect(fake.subscriptions.get(stripeId)!.items[0].current_period_end * 1000).toBe(sub.currentPeriodEnd.getTime());
  });

  it("a declined card answers 402 with Stripe's message and creates nothing here or at Stripe", async () => {
    const subsBefore = fake.subscriptions.size;
    const usersBefore = await em().count(User);
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', {
      body: registration({ nonce: 'pm_card_chargeDeclined' }),
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Registration was not successful: Your card was declined.' });
    expect(await em().count(User)).toBe(usersBefore);
    expect(fake.subscriptions.size).toBe(subsBefore);
  });

  it('a lost answer is retried by the SDK with the same key and charges once', async () => {
    const subsBefore = fake.subscriptions.size;
    fake.dropNextAnswer('POST /v1/subscriptions');
    const { userId, stripeId } = await subscribed();
    const creates = fake.calls('POST', '/v1/subscriptions').slice(-2);
    expect(creates).toHaveLength(2);
    expect(creates[0]!.idempotencyKey).toBe(creates[1]!.idempotencyKey);
    expect(fake.subscriptions.size).toBe(subsBefore + 1);
    expect((await em().findOneOrFail(Subscription, { user: userId })).providerSubscriptionId).toBe(stripeId);
  });

  it('a retried submit after a lost answer reuses the key: Stripe answers the first subscription', async () => {
    const reg = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
    const token = reg.body.access_token;
    const body = { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' };
    // Both the answer and the SDK's own retries are lost: the member sees a failure and submits again.
    for (let i = 0; i < 3; i++) fake.dropNextAnswer('POST /v1/subscriptions');
    const subsBefore = fake.subscriptions.size;
    const first = await rest(ctx.app, 'POST', '/api/user/subscription', { token, body });
    expect(first.status).toBe(402);
    expect(fake.subscriptions.size).toBe(subsBefore + 1);
    const retry = await rest(ctx.app, 'POST', '/api/user/subscription', { token, body });
    expect(retry.status).toBe(201);
    expect(fake.subscriptions.size).toBe(subsBefore + 1);
    const keys = new Set(
      fake
        .calls('POST', '/v1/subscriptions')
        .slice(-4)
        .map((c) => c.idempotencyKey),
    );
    expect(keys.size).toBe(1);
  }, 30_000);

  it('changes the plan with proration and a new key; the channel follows', async () => {
    const { token, stripeId } = await subscribed();
    const res = await rest(ctx.app, 'GET', '/api/user/payment/3/change', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ channel_id: 2, plan: { plan_id: 3 }, active: true });
    const update = fake.calls('POST', `/v1/subscriptions/${stripeId}`).at(-1)!;
    expect(update.idempotencyKey).toMatch(/^change-/);
    expect(update.body).toMatchObject({
      proration_behavior: 'create_prorations',
      cancel_at_period_end: 'false',
      items: [{ id: expect.stringMatching(/^si_/), price: expect.stringMatching(/^price_/) }],
    });
    expect(fake.subscriptions.get(stripeId)!.items[0].price.unit_amount).toBe(4999);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.access.superhuman_channel).toBe(true);
  });

  it('cancels at period end at Stripe; access lasts until then', async () => {
    const { token, stripeId } = await subscribed();
    const res = await rest(ctx.app, 'GET', '/api/user/payment/cancel', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cancel_at_period_end: true, active: true });
    expect(fake.subscriptions.get(stripeId)!.cancel_at_period_end).toBe(true);
    expect(fake.calls('POST', `/v1/subscriptions/${stripeId}`).at(-1)!.body).toEqual({ cancel_at_period_end: 'true' });
  });

  it('deleting the account ends the Stripe subscription at once and deletes the customer with their card', async () => {
    const member = registration();
    const res = await rest(ctx.app, 'POST', '/api/register/subscription', { body: member });
    const sub = await em().findOneOrFail(Subscription, { user: res.body.user_id });
    const del = await rest(ctx.app, 'DELETE', '/api/user', {
      token: res.body.access_token,
      body: { password: member.password },
    });
    expect(del.status).toBe(200);
    expect(fake.subscriptions.get(sub.providerSubscriptionId!)!.status).toBe('canceled');
    expect(fake.customers.has(sub.providerCustomerId!)).toBe(false);
    expect(fake.calls('DELETE', `/v1/customers/${sub.providerCustomerId}`)).toHaveLength(1);
    expect(await em().count(User, { id: res.body.user_id })).toBe(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('keeps status and period true from customer.subscription.updated, and applies a replayed event once', async () => {
    const { token, stripeId } = await subscribed();
    const stored = fake.subscriptions.get(stripeId)!;
    const pastDue = { ...stored, status: 'past_due', items: { object: 'list', data: stored.items } };
    const evt = event('customer.subscription.updated', pastDue);
    const first = await deliver(evt);
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.subscription).toMatchObject({
      active: false,
      status: 'past_due',
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.access.warrior_channel).toBe(false);
    // Meanwhile the member is active again; the redelivered old event must not undo that.
    await em().nativeUpdate(Subscription, { providerSubscriptionId: stripeId }, { status: 'active' });
    const replay = await deliver(evt);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await em().findOneOrFail(Subscription, { providerSubscriptionId: stripeId })).status).toBe('active');
    expect(await em().count(PaymentEvent, { id: evt.id })).toBe(1);
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    const { stripeId } = await subscribed();
    const stored = fake.subscriptions.get(stripeId)!;
    const evt = event('customer.subscription.deleted', {
      ...stored,
      status: 'canceled',
      items: { object: 'list', data: stored.items },
    });
    const res = await deliver(evt, 'whsec_wrong');
    expect(res).toEqual({ status: 400, body: { message: 'The webhook signature could not be verified.' } });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(evt),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await em().findOneOrFail(Subscription, { providerSubscriptionId: stripeId })).status).toBe('active');
    expect(await em().count(PaymentEvent, { id: evt.id })).toBe(0);
  });

  it('invoice.payment_failed makes the subscription past due; invoice.paid renews the period', async () => {
    const { token, stripeId } = await subscribed();
    const invoice = (lineEnd: number) => ({
      id: `in_${eventCounter}`,
      object: 'invoice',
      status: 'open',
      customer: 'cus_x',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: stripeId, metadata: {} },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: 'il_1', object: 'line_item', period: { start: lineEnd - 2_592_000, end: lineEnd } }],
      },
    });
    const t = Math.floor(Date.now() / 1000);
    expect((await deliver(event('invoice.payment_failed', invoice(t + 100), t))).status).toBe(200);
    expect((await rest(ctx.app, 'GET', '/api/user', { token })).body.subscription).toMatchObject({
      active: false,
      status: 'past_due',
    });
    const renewedEnd = t + 60 * 86_400;
    expect((await deliver(event('invoice.paid', invoice(renewedEnd), t + 1))).status).toBe(200);
    const me = (await rest(ctx.app, 'GET', '/api/user', { token })).body.subscription;
    expect(me).toMatchObject({ active: true, status: 'active' });
    expect(Date.parse(me.current_period_end)).toBe(renewedEnd * 1000);
  });

  it('reads events from an endpoint on an API version before 2025-03-31: the period on the subscription, the invoice naming it at the top', async () => {
    const { token, stripeId } = await subscribed();
    const stored = fake.subscriptions.get(stripeId)!;
    const t = Math.floor(Date.now() / 1000);
    const laterEnd = t + 45 * 86_400;
    // The older shape: no period on the item, the period's end on the subscription itself.
    const items = (stored.items as Record<string, unknown>[]).map(
      ({ current_period_end: _end, current_period_start: _start, ...item }) => item,
    );
    const older = {
      ...stored,
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: laterEnd,
      billing_cycle_anchor: t - 86_400,
      items: { object: 'list', data: items },
    };
    const updated = {
      ...event('customer.subscription.updated', older, t),
      api_version: '2024-06-20',
    };
    expect((await deliver(updated)).status).toBe(200);
    let me = (await rest(ctx.app, 'GET', '/api/user', { token })).body.subscription;
    // Access holds to the period's end, not the billing anchor (yesterday), which would have ended it at once.
    expect(me).toMatchObject({ active: true, status: 'active', cancel_at_period_end: true });
    expect(Date.parse(me.current_period_end)).toBe(laterEnd * 1000);

    const renewedEnd = laterEnd + 30 * 86_400;
    const invoice = {
      id: `in_older_${eventCounter}`,
      object: 'invoice',
      status: 'paid',
      customer: 'cus_x',
      subscription: stripeId,
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: 'il_1', object: 'line_item', period: { start: laterEnd, end: renewedEnd } }],
      },
    };
    expect((await deliver({ ...event('invoice.paid', invoice, t + 1), api_version: '2024-06-20' })).status).toBe(200);
    me = (await rest(ctx.app, 'GET', '/api/user', { token })).body.subscription;
    expect(Date.parse(me.current_period_end)).toBe(renewedEnd * 1000);
  });

  it('applies two events for one subscription delivered at once one after the other: the newer one stands', async () => {
    const t = Math.floor(Date.now() / 1000);
    for (let round = 0; round < 5; round++) {
      const { stripeId } = await subscribed();
      const invoice = (lineEnd: number) => ({
        id: `in_race_${round}_${lineEnd}`,
        object: 'invoice',
        status: 'open',
        customer: 'cus_x',
        parent: { type: 'subscription_details', subscription_details: { subscription: stripeId, metadata: {} } },
        lines: {
          object: 'list',
          has_more: false,
          data: [{ id: 'il_1', period: { start: lineEnd - 100, end: lineEnd } }],
        },
      });
      // The payment failed, then a retry paid: Stripe sends both, and here they arrive together.
      const answers = await Promise.all([
        deliver(event('invoice.payment_failed', invoice(t + 100), t + 10)),
        deliver(event('invoice.paid', invoice(t + 60 * 86_400), t + 11)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const sub = await em().findOneOrFail(Subscription, { providerSubscriptionId: stripeId });
      expect({ round, status: sub.status }).toEqual({ round, status: 'active' });
    }
  });

  it('ignores an event older than one already applied', async () => {
    const { stripeId } = await subscribed();
    const stored = fake.subscriptions.get(stripeId)!;
    const t = Math.floor(Date.now() / 1000);
    const snapshot = (status: string) => ({ ...stored, status, items: { object: 'list', data: stored.items } });
    expect((await deliver(event('customer.subscription.updated', snapshot('past_due'), t + 10))).status).toBe(200);
    expect((await em().findOneOrFail(Subscription, { providerSubscriptionId: stripeId })).status).toBe('past_due');
    // An event stamped earlier than the one applied, arriving late, is acknowledged and changes nothing.
    expect((await deliver(event('customer.subscription.updated', snapshot('active'), t))).status).toBe(200);
    expect((await em().findOneOrFail(Subscription, { providerSubscriptionId: stripeId })).status).toBe('past_due');
  });

  it('adopts a paid subscription whose creation answer was lost, for the member in its metadata', async () => {
    const reg = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
    const client = new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const customer = await client.customers.create({ email: 'x@example.com' });
    const price = [...fake.prices.values()].find((p) => p.unit_amount === 4999)!;
    const created = await client.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      metadata: { user_id: String(reg.body.user_id), plan_id: '3' },
    });
    expect((await deliver(event('customer.subscription.created', created as never))).status).toBe(200);
    const me = (await rest(ctx.app, 'GET', '/api/user', { token: reg.body.access_token })).body;
    expect(me.subscription).toMatchObject({ active: true, plan: { plan_id: 3 }, channel: { id: 2 } });
  });
});
