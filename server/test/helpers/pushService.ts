import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** A browser's side of a push subscription, made by the test: its own P-256 key pair and 16-byte auth secret. */
export interface TestDevice {
  /** The endpoint's last path segment: how the test names the device. */
  name: string;
  endpoint: string;
  /** What `PushSubscription.toJSON().keys` would hold. */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One request the local push service received. */
export interface PushRequest {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status: number;
}

/** A fresh device key pair and auth secret, as a browser makes for each subscription. */
export function deviceKeys(): Pick<TestDevice, 'ecdh' | 'authSecret' | 'keys'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

/**
 * A real HTTP push service for one test file on 127.0.0.1 (closed after the file): it answers 201, or the statuses a
 * test scripts per device, after `delayMs`, and keeps every request with its headers and encrypted body.
 */
export async function useTestPushService() {
  const requests: PushRequest[] = [];
  const scripted = new Map<string, number[]>();
  const seen = new Set<string>();
  let firstsInFlight = 0;
  /** `maxFirstsInFlight`: the most first sends to a device (not retries) the service held at once. */
  const state = { delayMs: 0, maxFirstsInFlight: 0 };
  const server = createServer((req, res) => {
    const device = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    const first = !seen.has(device);
    seen.add(device);
    if (first) firstsInFlight += 1;
    state.maxFirstsInFlight = Math.max(state.maxFirstsInFlight, firstsInFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = scripted.get(device)?.shift() ?? 201;
      requests.push({ device, headers: req.headers, body: Buffer.concat(chunks), status });
      setTimeout(() => {
        if (first) firstsInFlight -= 1;
        res.writeHead(status).end();
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const to = (device: string) => requests.filter((r) => r.device === device);
  return {
    origin,
    requests,
    state,
    /** A device whose endpoint is on this service (fresh keys unless given). */
    device(name: string, keys = deviceKeys()): TestDevice {
      return { name, endpoint: `${origin}/push/${encodeURIComponent(name)}`, ...keys };
    },
    /** The endpoint of a device named `name` (for rows seeded in SQL). */
    endpointOf: (name: string) => `${origin}/push/${encodeURIComponent(name)}`,
    /** The next requests to `device` are answered with these statuses, in order (then 201). */
    answer(device: string, ...statuses: number[]) {
      scripted.set(device, statuses);
    },
    to,
    /** Waits for the `n`-th request to a device (1 by default) and answers it. */
    async received(device: string, n = 1, timeoutMs = 20_000): Promise<PushRequest> {
      for (const start = Date.now(); Date.now() - start < timeoutMs; await new Promise((r) => setTimeout(r, 25))) {
        const found = to(device)[n - 1];
        if (found) return found;
      }
      throw new Error(`push ${n} to ${device} did not arrive within ${timeoutMs} ms`);
    },
  };
}

/**
 * Decrypts a push message as the browser does: aes128gcm content coding (RFC 8188) with the keys of RFC 8291, from
 * the device's private key and auth secret. Written from the RFCs, independent of the library that encrypted it.
 */
export function decryptPush(device: Pick<TestDevice, 'ecdh' | 'authSecret'>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('a notification fits one record');
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', device.ecdh.computeSecret(serverKey), device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`): the JWT's ES256 signature against
 * k, and answers k and the claims.
 */
export function readVapid(authorization: string | undefined): {
  publicKey: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT signature does not match its key');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256')
    throw new Error('the VAPID JWT is not ES256');
  return { publicKey, claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) };
}
