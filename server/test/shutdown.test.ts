import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { newMember } from './helpers/api.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

// The real server (node server/src/main.ts) in a child process, stopped with SIGTERM as docker stop or an orchestrator
// does, while a member's sign-in is still arriving.

let database: TestDatabase;
let dataDir: string;
let server: ChildProcess;
let port: number;
let output = '';
const DRAIN_MS = 1500;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'evolution-shutdown-'));
  database = await createTestDatabase(dataDir);
  server = spawn(process.execPath, [join(repoRoot, 'server', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: '0',
      DEMO_SEED: '0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '20000',
      STRIPE_SECRET_KEY: '',
      PAYMENT_PROVIDER: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const found = /Evolution is running at http:\/\/localhost:(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    server.stdout!.on('data', onData);
    server.once('exit', (code) => reject(new Error(`the server stopped at start (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await once(server, 'exit');
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a fresh connection: its status and body, or the connection error's code (ECONNREFUSED). */
function send(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any } | { error: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text || 'null') }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

// A DATABASE_URL and no Stripe key or PAYMENT_PROVIDER: production without payments, which the start says.
it('warns at start that payments are not configured', () =>
  expect(output).toContain('Payments are not configured: set STRIPE_SECRET_KEY'));

describe('SIGTERM', () => {
  it('turns /healthz to 503, stops accepting, lets the request in flight finish with 200, closes and exits 0', async () => {
    const member = newMember();
    expect(await send('POST', '/api/register', member)).toMatchObject({ status: 201 });
    expect(await send('GET', '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    // A sign-in whose body is only half there when the signal comes, on a connection kept alive as a proxy keeps its own.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const login = JSON.stringify({ email: member.email, password: member.password });
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/login',
      agent: keepAlive,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(login) },
    });
    const answered = new Promise<{ status: number; headers: IncomingHttpHeaders; body: any }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(login.slice(0, 10));
    await new Promise<void>((resolve) =>
      inFlight.once('socket', (socket: Socket) =>
        socket.connecting ? socket.once('connect', () => resolve()) : resolve(),
      ),
    );

    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    server.kill('SIGTERM');
    // Draining: still answering, but the load balancer is told to go elsewhere.
    await expect
      .poll(() => send('GET', '/healthz'), { timeout: DRAIN_MS, interval: 25 })
      .toEqual({ status: 503, body: { status: 'draining' } });
    // Then no new connection is accepted, while the sign-in is still waiting for the rest of its body.
    await expect
      .poll(() => send('GET', '/healthz'), { timeout: DRAIN_MS * 4, interval: 50 })
      .toEqual({ error: 'ECONNREFUSED' });
    expect(server.exitCode).toBeNull();

    inFlight.end(login.slice(10));
    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM: stopping');
    // It stopped because the work was done, not because SHUTDOWN_GRACE_MS ran out with the kept-alive connection open.
    expect(res.headers.connection).toBe('close');
    expect(output).not.toContain('Requests still running');
    keepAlive.destroy();
  });
});
