/** The bench's members: the demo member calibrated over HTTP, and many copies of them standing at one phase. */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateUp } from '../src/db/migrate.ts';
import { createOrm } from '../src/db/orm.ts';
import { seedAll } from '../src/db/seed.ts';

/**
 * A bench's database, migrated and seeded with the demo data: DATABASE_URL, or a throw-away embedded PostgreSQL in a
 * scratch folder (`prefix` names it) for the caller to stop and remove, though a failed set-up removes them itself;
 * with the config an app on it runs with (`env` adds to or overrides the bench's settings).
 */
export async function benchDatabase(prefix: string, env: Record<string, string> = {}) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const db = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: scratch, persistent: false });
  const databaseUrl = process.env.DATABASE_URL || db!.url;
  const config = {
    ...loadConfig({
      DATA_DIR: scratch,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: '0',
      DEMO_SEED: '1',
      ...env,
    }),
    databaseUrl,
  };
  try {
    await migrateUp(databaseUrl);
    const orm = await createOrm(databaseUrl);
    await seedAll(orm.em.fork(), config);
    await orm.close(true);
  } catch (err) {
    await db?.stop();
    rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
  return { scratch, db, databaseUrl, config };
}

/**
 * Starts serve.ts (the product and its floor) on the bench's database in a child process of its own, so the load
 * generator never shares their event loop; sign-ins are not throttled. Answers the child, the ports it printed, and
 * stop(), which closes both apps and waits for the child to end.
 */
export async function startBenchServer(
  bench: { scratch: string; databaseUrl: string; config: { jwtSecret: string } },
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
) {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(import.meta.dirname, 'serve.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: bench.databaseUrl,
      DATA_DIR: bench.scratch,
      JWT_SECRET: bench.config.jwtSecret,
      AUTH_RATE_LIMIT: '100000',
      SERVE_CLIENT: '0',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ports = await new Promise<{ app: number; floor: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout!.once('data', (line: Buffer) => resolve(JSON.parse(line.toString())));
  });
  const stop = async () => {
    child.stdin!.end();
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { child, ports, stop };
}

/** Signs in over HTTP and answers the access token. */
export async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login ${account.email}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function post(base: string, token: string, path: string, body: unknown): Promise<unknown> {
  const init: RequestInit = { method: 'POST', headers: { authorization: `Bearer ${token}` } };
  if (body instanceof FormData) init.body = body;
  else
    Object.assign(init, {
      body: JSON.stringify(body),
      headers: { ...init.headers, 'content-type': 'application/json' },
    });
  const res = await fetch(base + path, init);
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The whole calibration track as the runner sends it: VO2, the eight max tests, data analysis with three photos. A
 * member start-up already calls calibrated (the demo seed's, with its history) is left as seeded.
 */
export async function calibrateOverHttp(base: string, token: string): Promise<void> {
  const startUp = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  if (((await startUp.json()) as { need_calibration?: boolean }).need_calibration === false) return;
  const track = '/api/user/channel/warrior/calibration/phase';
  await post(base, token, `${track}/vo2`, { time_to_complete: 900 });
  await post(
    base,
    token,
    `${track}/exercise`,
    [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ calibration_id: id, amount: id === 6 ? 0 : 12, time_to_complete: 60 })),
  );
  const photos: number[] = [];
  for (const colour of ['#aa3333', '#33aa33', '#3333aa']) {
    // A phone photo's worth of pixels, so the chamber answer carries real weight (three re-encoded JPEGs).
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    photos.push(((await post(base, token, '/api/user/image', form)) as { image: { id: number } }).image.id);
  }
  await post(base, token, `${track}/data-analysis`, {
    weight: 80,
    waist: 34,
    chest: 40,
    bicep: 14.5,
    quad: 23,
    body_fat: 20,
    image1: photos[0],
    image2: photos[1],
    image3: photos[2],
  });
}

/** A bench member standing at general version 1, phase 2 (upper body strength): their id and bearer token. */
export interface Submitter {
  id: number;
  token: string;
}

/**
 * `count` copies of the template member (same subscription, ladders and work volume) put at general version 1, phase 2,
 * with tokens signed by the app; made in SQL so thousands take a second.
 */
export async function cloneMembers(
  databaseUrl: string,
  sign: (claims: object) => string,
  templateToken: string,
  count: number,
): Promise<Submitter[]> {
  const template = Number(JSON.parse(Buffer.from(templateToken.split('.')[1]!, 'base64url').toString()).sub);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomUUID().slice(0, 8);
    const { rows } = await client.query<{ id: number }>(
      `
      insert into users (email, name, password, role, initial_setup, initial_setup_step, access, token_version, created_at, updated_at)
      select 'bench-' || $2 || '-' || n || '@example.com', 'Bench ' || n, u.password, 1, 0, 3, '{"evolution_page": true}', 0, now(), now()
      from users u, generate_series(1, $3) n where u.id = $1 returning id`,
      [template, tag, count],
    );
    const ids = rows.map((r) => r.id);
    await client.query(
      `
      insert into subscriptions (user_id, channel_id, plan_id, amount_pence, status, provider, start_date, current_period_end, cancel_at_period_end, created_at, updated_at)
      select n.id, s.channel_id, s.plan_id, s.amount_pence, s.status, 'offline', s.start_date, s.current_period_end, false, now(), now()
      from subscriptions s, unnest($2::int[]) n(id) where s.user_id = $1`,
      [template, ids],
    );
    await client.query(
      `
      insert into evolutions (user_id, evolution, version, phase, need_calibration, number_of_sets, start_date, created_at, updated_at)
      select n.id, 1, 1, 2, false, e.number_of_sets, now(), now(), now() from evolutions e, unnest($2::int[]) n(id) where e.user_id = $1`,
      [template, ids],
    );
    await client.query(
      'create table if not exists bench_template_forms as select form_group_id, form_id from member_forms where false',
    );
    await client.query('truncate bench_template_forms');
    await client.query(
      'insert into bench_template_forms select form_group_id, form_id from member_forms where user_id = $1',
      [template],
    );
    await copyForms(client, ids);
    return ids.map((id) => ({ id, token: sign({ sub: String(id), tv: 0, jti: randomUUID() }) }));
  } finally {
    await client.end();
  }
}

async function copyForms(client: pg.Client, ids: number[]) {
  await client.query(
    `
    insert into member_forms (user_id, form_group_id, form_id, created_at, updated_at)
    select n.id, t.form_group_id, t.form_id, now(), now() from bench_template_forms t, unnest($1::int[]) n(id)`,
    [ids],
  );
}

export const submitters = {
  /** Puts the members back where they stood before their submission: phase 2, template ladders, nothing logged. */
  async reset(databaseUrl: string, members: Submitter[]): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const ids = members.map((m) => m.id);
      await client.query('begin');
      await client.query('delete from phase_submissions where user_id = any($1)', [ids]);
      await client.query('delete from member_forms where user_id = any($1)', [ids]);
      await copyForms(client, ids);
      await client.query(
        'update evolutions set evolution = 1, version = 1, phase = 2, pending_number_of_sets = null where user_id = any($1)',
        [ids],
      );
      await client.query('commit');
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
  },
};
