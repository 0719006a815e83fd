/**
 * The floor of `npm run bench`: a bare Fastify app (no plugins, no ORM, no tRPC) sending the same answers as the
 * product from hand-written SQL through `pg` on the same database, one round trip a request. It verifies the same
 * bearer tokens with the same library (fast-jwt) and shapes rows with the product's own pure functions, so the gap
 * between a call and its floor is what the product's layers cost, not what the answer costs.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createVerifier } from 'fast-jwt';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { CHANNEL, DEFAULT_PER_PAGE, ROLE } from '@evolution/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chamberLabel } from '../src/domain/chamber.ts';
import { doubleProgression, par } from '../src/domain/ladder.ts';
import { buildRounds, chunkSize, phaseRepeats, setsAfterSubmission } from '../src/domain/rounds.ts';
import { mediaUrl } from '../src/services/media.ts';
import { paginate } from '../src/services/pagination.ts';
import type { Database } from '../src/db/kysely.ts';
import { loadProgramme, type Programme } from '../src/services/programme.ts';

interface Claims {
  sub: string;
  tv: number;
  jti: string;
  exp: number;
}

/** The row every signed-in call starts from: the user, whether the token is revoked, their subscription and programme. */
const ACTOR_SQL = `
  select u.id, u.name, u.email, u.role, u.initial_setup, u.initial_setup_step, u.access, u.token_version,
         exists(select 1 from revoked_tokens r where r.jti = $2) as revoked,
         s.status, s.current_period_end, s.cancel_at_period_end, s.plan_id, c.id as channel_id, c.name as channel_name, c.short_name,
         e.id as evolution_id, e.evolution, e.version, e.phase, e.need_calibration, e.number_of_sets, e.pending_number_of_sets
  from users u
  left join subscriptions s on s.user_id = u.id
  left join channels c on c.id = s.channel_id
  left join evolutions e on e.user_id = u.id
  where u.id = $1`;

type ActorRow = Record<string, any>;

const activeSub = (a: ActorRow) =>
  a.status !== null &&
  (a.status === 'active' || a.status === 'trialing') &&
  new Date(a.current_period_end).getTime() > Date.now();

function accessOf(a: ActorRow): Record<string, boolean> {
  if (a.role === ROLE.admin)
    return {
      evolution_page: true,
      warrior_channel: true,
      superhuman_channel: true,
      immortal_channel: false,
      ...a.access,
    };
  const active = activeSub(a);
  const channels: Record<string, boolean> = {
    warrior_channel: active && (a.channel_id === CHANNEL.warrior || a.channel_id === CHANNEL.superhuman),
    superhuman_channel: active && a.channel_id === CHANNEL.superhuman,
    immortal_channel: false,
  };
  for (const flag of Object.keys(channels)) {
    if (a.access[flag] === false) channels[flag] = false;
    else if (a.access[flag] === true && flag !== 'immortal_channel') channels[flag] = active;
  }
  // The chamber follows the programme (open from the first calibration) unless an admin forced it.
  const calibrated = a.evolution !== null && (a.evolution > 1 || !a.need_calibration);
  const map = { evolution_page: false, ...a.access, ...channels };
  map.evolution_page = a.access.evolution_page ?? calibrated;
  return map;
}

function startUp(a: ActorRow) {
  const base = {
    user_role: a.role,
    user_id: a.id,
    name: a.name,
    email: a.email,
    initial_setup: a.initial_setup ? 1 : 0,
    initial_setup_step: a.initial_setup_step,
    access: accessOf(a),
    subscription:
      a.status === null
        ? {
            active: false,
            channel: null,
            plan: null,
            status: null,
            current_period_end: null,
            cancel_at_period_end: false,
          }
        : {
            active: activeSub(a),
            channel: { id: a.channel_id, name: a.channel_name, short_name: a.short_name },
            plan: { plan_id: a.plan_id },
            status: a.status,
            current_period_end: new Date(a.current_period_end).toISOString(),
            cancel_at_period_end: a.cancel_at_period_end,
          },
  };
  if (a.role !== ROLE.member) return base;
  return {
    ...base,
    evolution_id: a.evolution_id,
    evolution: a.evolution,
    version: a.version,
    phase: a.phase,
    need_calibration: a.need_calibration,
  };
}

const durationText = (interval: string, count: number) => `${count} ${interval}${count === 1 ? '' : 's'}`;

/** Builds the floor app on `databaseUrl`; pagination links are built on the request's host, as the product does. */
export async function buildFloor(opts: {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
}): Promise<FastifyInstance> {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
  const verify = createVerifier({ key: opts.jwtSecret, algorithms: ['HS256'] });
  const app = Fastify({ logger: false });
  app.addHook('onClose', async () => pool.end());

  /** The actor behind the bearer token (one query, with whatever the answer needs alongside), or a 401 sent. */
  async function actor(
    authorization: string | undefined,
    reply: FastifyReply,
    role: number,
    sql = ACTOR_SQL,
    extra: unknown[] = [],
    client: pg.Pool | pg.PoolClient = pool,
  ): Promise<ActorRow | null> {
    let claims: Claims;
    try {
      claims = verify((authorization ?? '').replace(/^Bearer /, '')) as Claims;
    } catch {
      reply.status(401).send({ message: 'Unauthenticated.' });
      return null;
    }
    const {
      rows: [row],
    } = await client.query(sql, [Number(claims.sub), claims.jti, ...extra]);
    if (!row || row.revoked || row.token_version !== claims.tv) {
      reply.status(401).send({ message: 'Unauthenticated.' });
      return null;
    }
    if (row.role !== role) {
      reply.status(403).send({ message: 'This action is unauthorized.' });
      return null;
    }
    return row;
  }

  app.get('/api/channel', async () => {
    const { rows } = await pool.query(`
      select c.id, c.short_name, c.active, c.name, c.updated_at,
             coalesce(json_agg(json_build_object('plan_id', p.id, 'name', p.name, 'amount_pence', p.amount_pence, 'interval', p.interval, 'interval_count', p.interval_count, 'active', p.active) order by p.id) filter (where p.id is not null), '[]') as plans
      from channels c left join plans p on p.channel_id = c.id group by c.id order by c.id`);
    return {
      data: rows.map((c) => ({
        id: c.id,
        short_name: c.short_name,
        active: c.active,
        name: c.name,
        plans: c.plans.map((p: any) => ({
          plan_id: p.plan_id,
          channel_id: c.id,
          name: p.name,
          amount: p.amount_pence / 100,
          amount_pence: p.amount_pence,
          currency: 'gbp',
          duration: durationText(p.interval, p.interval_count),
          active: p.active,
        })),
        updated_at: new Date(c.updated_at).toISOString(),
      })),
    };
  });

  app.get('/api/user', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.member);
    return a && startUp(a);
  });
  app.get('/trpc/auth.me', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.member);
    return a && { result: { data: startUp(a) } };
  });

  app.get('/api/admin/admin', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.admin);
    if (!a) return;
    const page = Math.max(1, Number((req.query as { page?: string }).page ?? 1) || 1);
    const { rows } = await pool.query(
      `
      select u.id, u.name, u.email, u.role, u.created_at, count(*) over () as total,
             coalesce(s.status in ('active', 'trialing') and s.current_period_end > now(), false) as subscriber
      from users u left join subscriptions s on s.user_id = u.id order by u.id desc limit $1 offset $2`,
      [DEFAULT_PER_PAGE, (page - 1) * DEFAULT_PER_PAGE],
    );
    const items = rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      user_type: u.role,
      role: u.role,
      subscriber: u.subscriber,
      created_at: new Date(u.created_at).toISOString(),
    }));
    return paginate(
      { items, total: Number(rows[0]?.total ?? 0), page, perPage: DEFAULT_PER_PAGE },
      `${req.protocol}://${req.host}/api/admin/admin`,
      { search: '' },
    );
  });

  app.get('/api/user/channel/warrior/general/evolution', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.member);
    if (!a) return;
    if (a.initial_setup || !accessOf(a).warrior_channel)
      return reply.status(403).send({ message: 'This action is unauthorized.' });
    const { rows } = await pool.query(`
      select v.version, v.name from page_categories v join page_categories g on g.id = v.parent_id and g.slug = 'general'
      where v.version is not null order by v.version desc`);
    const data = rows.map((v) => ({
      version: v.version,
      title: v.name,
      active: !a.need_calibration && v.version === a.version,
      completed: !a.need_calibration && v.version < a.version,
    }));
    return { data, evolution: a.evolution, need_calibration: a.need_calibration };
  });

  app.get('/api/user/meal/group/:groupId/meals', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.member);
    if (!a) return;
    if (a.initial_setup || !accessOf(a).superhuman_channel)
      return reply.status(403).send({ message: 'This action is unauthorized.' });
    const groupId = Number((req.params as { groupId: string }).groupId);
    const page = Math.max(1, Number((req.query as { page?: string }).page ?? 1) || 1);
    const { rows } = await pool.query(
      `
      select g.name as group_name, (select count(*) from meals m where m.group_id = g.id) as total, m.id, m.name, md.thumbnail
      from meal_groups g left join lateral (select * from meals m where m.group_id = g.id order by m.position, m.id limit $2 offset $3) m on true
      left join media md on md.id = m.image_id where g.id = $1 order by m.position, m.id`,
      [groupId, DEFAULT_PER_PAGE, (page - 1) * DEFAULT_PER_PAGE],
    );
    const items = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        name: r.name,
        image_base64: r.thumbnail ? Buffer.from(r.thumbnail).toString('base64') : null,
        meal_group_id: groupId,
        meal_group_name: r.group_name,
      }));
    return paginate(
      { items, total: Number(rows[0].total), page, perPage: DEFAULT_PER_PAGE },
      `${req.protocol}://${req.host}/api/user/meal/group/${groupId}/meals`,
    );
  });

  // The programme's content, read once as the product's instances keep it (pure data; the floor never edits it).
  const programme: Programme = await loadProgramme(
    new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
    }),
  );
  const forbidden = (reply: FastifyReply) => reply.status(403).send({ message: 'This action is unauthorized.' });
  const mayTrain = (a: ActorRow) => !a.initial_setup && accessOf(a).warrior_channel;
  const signer = { jwtSecret: opts.jwtSecret };

  /** The exercises of a general phase for a member standing on `forms` (form group id -> form id). */
  function exercisesOf(
    phase: (typeof programme.general extends Map<number, infer P> ? P : never)[number],
    forms: Record<string, number>,
  ) {
    const ids = (phase.preset.form_groups as number[]).filter((id) => programme.ladders.has(id));
    return ids.map((id) => {
      const ladder = programme.ladders.get(id)!;
      const index = Math.max(
        0,
        ladder.forms.findIndex((f) => f.id === forms[id]),
      );
      const form = ladder.forms[index]!;
      let load = 0;
      for (const c of programme.calibrations) if (c.formGroup.id === id) load = c.totalWeight;
      return {
        ladder,
        index,
        form,
        dto: {
          id: form.id,
          name: ladder.group.name,
          form: form.name,
          form_group_id: id,
          video_link: ladder.group.videoLink,
          video_path: mediaUrl(signer, ladder.group.video),
          reps_or_time: form.repsOrTime,
          total_weight: load,
          min: form.min,
          max: form.max,
        },
      };
    });
  }

  const WITH_FORMS = ACTOR_SQL.replace(
    'from users u',
    ', (select json_object_agg(f.form_group_id, f.form_id) from member_forms f where f.user_id = u.id) as forms from users u',
  );

  app.get('/api/user/channel/warrior/general/phase', async (req, reply) => {
    const a = await actor(req.headers.authorization, reply, ROLE.member, WITH_FORMS);
    if (!a) return;
    if (!mayTrain(a)) return forbidden(reply);
    const phase = programme.general.get(a.version)![a.phase - 1]!;
    const exercises = exercisesOf(phase, a.forms ?? {});
    const chunk = chunkSize(phase.preset);
    const repeats = phaseRepeats(phase.number, phase.preset, a.number_of_sets, exercises.length);
    const rounds = buildRounds(
      exercises.map((e) => e.dto.id),
      chunk,
      repeats,
    );
    return {
      data: exercises.map((e) => e.dto),
      chunk,
      repeats,
      rounds: rounds.map((r) => ({ number: r.number, name: r.name, repeat: r.repeat, exercise_ids: r.exercises })),
      page: {
        id: phase.page.id,
        title: phase.page.title,
        content: phase.page.content,
        video_link: phase.page.videoLink,
        video_path: mediaUrl(signer, phase.page.video),
        warrior_channel: { type: 'general' },
      },
      type: phase.key,
      evolution: a.evolution,
      version: a.version,
      phase: phase.number,
    };
  });

  const WITH_SNAPSHOT = ACTOR_SQL.replace(
    'from users u',
    `, (select count(*) from chamber_snapshots c where c.user_id = u.id)::int as total_pages,
      (select row_to_json(x) from (select c.*, m1.path as p1, m1.mime as m1, m2.path as p2, m2.mime as m2, m3.path as p3, m3.mime as m3
         from chamber_snapshots c left join media m1 on m1.id = c.image1_id left join media m2 on m2.id = c.image2_id left join media m3 on m3.id = c.image3_id
         where c.user_id = u.id order by c.evolution, c.version, c.id offset $3 - 1 limit 1) x) as snap from users u`,
  );

  app.get('/api/user/evolution/chamber/:page', async (req, reply) => {
    const page = Number((req.params as { page: string }).page);
    const a = await actor(req.headers.authorization, reply, ROLE.member, WITH_SNAPSHOT, [page]);
    if (!a) return;
    if (!accessOf(a).evolution_page) return forbidden(reply);
    const s = a.snap;
    const images = await Promise.all(
      [
        [s.image1_id, s.p1, s.m1],
        [s.image2_id, s.p2, s.m2],
        [s.image3_id, s.p3, s.m3],
      ]
        .filter(([id]) => id !== null)
        .map(async ([id, path, mime]) => ({
          id,
          mime,
          base64: (await readFile(join(opts.dataDir, path))).toString('base64'),
        })),
    );
    return {
      data: {
        vo2max: { score: s.vo2score, level: s.vo2level },
        body: {
          weight: s.weight,
          body_fat: s.body_fat,
          chest: s.chest,
          bicep: s.bicep,
          waist: s.waist,
          quad: s.quad,
          images,
        },
        muscle: s.muscle,
      },
      current: page,
      totalPages: a.total_pages,
      evolution: s.evolution,
      version: s.version,
      label: chamberLabel(s.evolution, s.version),
      created_at: new Date(s.created_at).toISOString(),
    };
  });

  // The phase submission: the same rows the product writes, in one transaction with the programme row locked.
  const LOCKED = WITH_FORMS.replace('where u.id = $1', `where u.id = $1 for update of e`)
    .replace('left join evolutions e', 'join evolutions e')
    .replace(
      'from users u',
      `, (select row_to_json(l) from (select id, track, phase_type, page_id, response from phase_submissions p where p.user_id = u.id order by id desc limit 1) l) as latest from users u`,
    );

  app.post('/api/user/channel/warrior/general/phase/exercises', async (req, reply) => {
    const entries = req.body as { form_id: number; amount: number }[];
    const client = await pool.connect();
    try {
      await client.query('begin');
      const a = await actor(req.headers.authorization, reply, ROLE.member, LOCKED, [], client);
      if (!a) return await client.query('rollback');
      if (!mayTrain(a)) return (await client.query('rollback'), forbidden(reply));
      const phase = programme.general.get(a.version)![a.phase - 1]!;
      if (phase.key !== 'exercises')
        return (await client.query('rollback'), reply.status(409).send({ message: 'This is not your active phase.' }));
      const exercises = exercisesOf(phase, a.forms ?? {});
      const version = a.version;
      const ladder = exercises.map((e) => {
        const step = doubleProgression(
          entries.filter((x) => x.form_id === e.form.id).map((x) => x.amount),
          e.form,
          e.index,
          e.ladder.forms.length,
        );
        const to = e.ladder.forms[step.index]!;
        return {
          form_group_id: e.ladder.group.id,
          form_group: e.ladder.group.name,
          from_form_id: e.form.id,
          from_form: e.form.name,
          to_form_id: to.id,
          to_form: to.name,
          move: step.move,
        };
      });
      const sets = setsAfterSubmission(
        { numberOfSets: a.number_of_sets, pendingNumberOfSets: a.pending_number_of_sets },
        phase.number,
      );
      const next = { evolution: a.evolution, version, phase: phase.number + 1 };
      const body = {
        message: `${phase.page.title} complete.`,
        data: {
          evolution_id: a.evolution_id,
          ...next,
          need_calibration: false,
          number_of_sets: sets.numberOfSets,
          pending_number_of_sets: sets.pendingNumberOfSets,
          access: { evolution_page: accessOf(a).evolution_page },
          submitted: { type: 'general', phase_type: 'exercises', version, phase: phase.number, page_id: phase.page.id },
          ladder,
          vo2: null,
        },
      };
      const {
        rows: [submission],
      } = await client.query(
        `insert into phase_submissions (user_id, evolution, track, version, phase, phase_type, page_id, fingerprint, response, created_at)
         values ($1, $2, 'general', $3, $4, 'exercises', $5, $6, $7, now()) returning id`,
        [a.id, a.evolution, version, phase.number, phase.page.id, 'floor', JSON.stringify(body)],
      );
      const results = entries.map((entry, position) => {
        const e = exercises.find((x) => x.form.id === entry.form_id)!;
        return {
          position,
          form_id: e.form.id,
          form_group_id: e.ladder.group.id,
          form_name: e.form.name,
          amount: entry.amount,
          total_weight: e.dto.total_weight,
          par: par(e.form),
          level: e.form.level,
          progress: e.form.progress,
          reps_or_time: e.form.repsOrTime,
        };
      });
      await client.query(
        `insert into workout_results (user_id, submission_id, evolution, track, version, phase, position, form_id, form_group_id, form_name, amount, total_weight, par, level, progress, reps_or_time, created_at)
         select $1, $2, $3, 'general', $4, $5, r.position, r.form_id, r.form_group_id, r.form_name, r.amount, r.total_weight, r.par, r.level, r.progress, r.reps_or_time, now()
         from jsonb_to_recordset($6::jsonb) as r(position int, form_id int, form_group_id int, form_name text, amount int, total_weight numeric, par int, level int, progress int, reps_or_time int)`,
        [a.id, submission.id, a.evolution, version, phase.number, JSON.stringify(results)],
      );
      await client.query(
        `update member_forms m set form_id = x.to_form_id, updated_at = now() from jsonb_to_recordset($2::jsonb) as x(form_group_id int, to_form_id int)
         where m.user_id = $1 and m.form_group_id = x.form_group_id`,
        [a.id, JSON.stringify(ladder)],
      );
      await client.query(
        'update evolutions set phase = $2, number_of_sets = $3, pending_number_of_sets = $4, updated_at = now() where user_id = $1',
        [a.id, next.phase, sets.numberOfSets, sets.pendingNumberOfSets],
      );
      await client.query('commit');
      return body;
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  });

  return app;
}
