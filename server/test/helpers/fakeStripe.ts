import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received, as the SDK sent it. */
interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, any>;
}

type Json = Record<string, any>;

/** Stripe's form encoding (`items[0][price]=...`) back into objects; numeric keys make arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function addInterval(start: number, interval: string, count: number): number {
  const d = new Date(start * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCDate(d.getUTCDate() + (interval === 'week' ? 7 : 1) * count);
  return Math.floor(d.getTime() / 1000);
}

const stripeError = (status: number, error: Json) => ({ status, body: { error: { request_log_url: null, ...error } } });
/** Stripe's answer for an id it does not know. */
const resourceMissing = (status: number, param: string, kind: string, id: unknown) =>
  stripeError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

/**
 * A small Stripe API on localhost for the tests: customers, payment-method attach, prices and subscriptions, with
 * realistic objects (API 2025+: the period on the subscription item). Honours Idempotency-Key like Stripe (a replayed
 * key answers the first result) and records every request. `pm_card_chargeDeclined` is declined on attach.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  /** Paths whose next answers are lost after the work is done (the connection drops), as on a flaky network. */
  const dropNext: string[] = [];

  function item(subId: string, price: Json, start: number) {
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: start,
      metadata: {},
      price,
      quantity: 1,
      subscription: subId,
      current_period_start: start,
      current_period_end: addInterval(start, price.recurring.interval, Number(price.recurring.interval_count)),
    };
  }

  function subscriptionObject(sub: Json): Json {
    return {
      ...sub,
      items: {
        object: 'list',
        data: sub.items,
        has_more: false,
        total_count: sub.items.length,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
    };
  }

  function handle(method: string, path: string, body: Json): { status: number; body: Json } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'DELETE' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const id = decodeURIComponent(m[1]!);
      if (!customers.delete(id)) return resourceMissing(404, 'id', 'customer', id);
      // Stripe cancels a deleted customer's subscriptions at once.
      for (const sub of subscriptions.values())
        if (sub.customer === id) Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return { status: 200, body: { id, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      const pm = decodeURIComponent(m[1]!);
      if (!customers.has(body.customer)) return resourceMissing(400, 'customer', 'customer', body.customer);
      if (pm === 'pm_card_chargeDeclined') {
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          param: '',
        });
      }
      if (!pm.startsWith('pm_')) return resourceMissing(400, 'payment_method', 'PaymentMethod', pm);
      return {
        status: 200,
        body: {
          id: pm,
          object: 'payment_method',
          type: 'card',
          customer: body.customer,
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
          created: now(),
          livemode: false,
        },
      };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        type: 'recurring',
        recurring: {
          interval: body.recurring.interval,
          interval_count: Number(body.recurring.interval_count ?? 1),
          usage_type: 'licensed',
        },
        product: newId('prod'),
        metadata: body.metadata ?? {},
        created: now(),
        livemode: false,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(body.customer)) return resourceMissing(400, 'customer', 'customer', body.customer);
      const price = prices.get(body.items?.[0]?.price);
      if (!price) return resourceMissing(400, 'items[0][price]', 'price', body.items?.[0]?.price);
      const start = now();
      const id = newId('sub');
      const sub = {
        id,
        object: 'subscription',
        customer: body.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: start,
        start_date: start,
        billing_cycle_anchor: start,
        currency: price.currency,
        collection_method: 'charge_automatically',
        default_payment_method: body.default_payment_method ?? null,
        latest_invoice: newId('in'),
        livemode: false,
        metadata: body.metadata ?? {},
        items: [item(id, price, start)],
      };
      subscriptions.set(id, sub);
      return { status: 200, body: subscriptionObject(sub) };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return resourceMissing(404, 'id', 'subscription', m[1]);
      if (method === 'GET') return { status: 200, body: subscriptionObject(sub) };
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return { status: 200, body: subscriptionObject(sub) };
      }
      if (method === 'POST') {
        if (sub.status === 'canceled')
          return stripeError(400, {
            type: 'invalid_request_error',
            message: 'A canceled subscription can only update its cancellation_details and metadata.',
          });
        const wanted = body.items?.[0];
        if (wanted?.price) {
          const price = prices.get(wanted.price);
          if (!price) return resourceMissing(400, 'items[0][price]', 'price', wanted.price);
          const old = sub.items[0];
          const sameCycle =
            old.price.recurring.interval === price.recurring.interval &&
            old.price.recurring.interval_count === price.recurring.interval_count;
          // A different interval restarts the billing cycle now, as Stripe does; otherwise the period is kept.
          sub.items = [sameCycle ? { ...old, price } : { ...item(sub.id, price, now()), id: old.id }];
        }
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
        return { status: 200, body: subscriptionObject(sub) };
      }
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const method = req.method ?? 'GET';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const body = parseForm(text);
      requests.push({ method, path, idempotencyKey, body });
      const cacheKey = idempotencyKey && method !== 'GET' ? `${method} ${path} ${idempotencyKey}` : null;
      let answer = cacheKey ? idempotent.get(cacheKey) : undefined;
      const replayed = !!answer;
      if (!answer) {
        answer = handle(method, path, body);
        if (cacheKey) idempotent.set(cacheKey, answer);
      }
      const drop = dropNext.indexOf(`${method} ${path}`);
      if (drop >= 0) {
        dropNext.splice(drop, 1);
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    requests,
    customers,
    prices,
    subscriptions,
    /** The next answer to `METHOD /path` is lost after the work is done (call again to lose more in a row). */
    dropNextAnswer(methodAndPath: string) {
      dropNext.push(methodAndPath);
    },
    /** Requests to exactly `METHOD /path`. */
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
