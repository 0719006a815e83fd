/**
 * The scale bench's business (npm run bench:scale): SCALE_MEMBERS members and everything a few years of coaching leave
 * behind, written by set-based SQL only (`insert ... select ... from generate_series`), a chunk of rows per statement.
 * Ids are given explicitly (after the demo data's), so each table derives its foreign keys from the series number
 * instead of joining back; the sequences are moved past them at the end.
 */
import pg from 'pg';

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Rosie',
  'Sophia',
  'Grace',
  'Freya',
  'Willow',
  'Emily',
  'Poppy',
  'Ella',
  'Evie',
  'Chloe',
  'Ruby',
  'Aisha',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Theodore',
  'Freddie',
  'Jack',
  'Charlie',
  'Thomas',
  'Jacob',
  'Alfie',
  'Finley',
  'Kai',
  'Mateo',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'King',
  'Harrison',
  'Lewis',
  'Baker',
  'Lee',
  'Allen',
  'Morris',
  'Khan',
];
const FLAG_SUBJECTS = [
  'Shoulder pain on push-ups',
  'Cannot hold the plank',
  'Which form after calibration?',
  'Missed a week',
  'Macros feel too low',
  'Knee clicks in lunges',
  'Treadmill grade question',
  'Recipe swap for nuts',
  'Photo upload failed',
  'Work volume too high',
];
const SQL_TEXT = (xs: string[]) => `array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]`;

/** How many rows of each kind a business of `members` members holds (the issue's 500,000-member shape, scaled). */
export function scaleShape(members: number) {
  return {
    members,
    coaches: 9,
    /** One member in HISTORY_EVERY trains with the app: a year of phases, sets, VO2 tests and chamber snapshots. */
    historyEvery: 20,
    flags: Math.round(members * 0.6),
    audit: members * 4,
    broadcasts: 10,
    directMessages: Math.round(members / 100),
  };
}

export interface SeedTiming {
  table: string;
  rows: number;
  ms: number;
}

/** Seeds the business on top of the demo data; answers the time and row count per table, in the order written. */
export async function seedScale(
  databaseUrl: string,
  members: number,
  log: (line: string) => void,
): Promise<{ timings: SeedTiming[]; firstMemberId: number; historyMemberId: number }> {
  const shape = scaleShape(members);
  const chunk = Number(process.env.SCALE_CHUNK ?? 100_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const timings = new Map<string, SeedTiming>();
  /** Runs one statement and adds its time (and the rows it wrote, unless an update of rows already counted) to its table's account. */
  const run = async (table: string, sql: string, params: unknown[] = [], countsRows = true) => {
    const started = performance.now();
    const result = await client.query(sql, params);
    const t = timings.get(table) ?? { table, rows: 0, ms: 0 };
    if (countsRows) t.rows += result.rowCount ?? 0;
    t.ms += performance.now() - started;
    timings.set(table, t);
  };
  /** [from, to] ranges of at most `size` over 1..n. */
  const ranges = (n: number, size = chunk) =>
    Array.from({ length: Math.ceil(n / size) }, (_, i) => [i * size + 1, Math.min(n, (i + 1) * size)] as const);
  const done = (table: string) => {
    const t = timings.get(table)!;
    log(`  ${table}: ${t.rows.toLocaleString('en-GB')} rows in ${(t.ms / 1000).toFixed(1)} s`);
  };

  try {
    // Synchronous commit off for this session only: a crash mid-seed loses a throw-away bench database, nothing else.
    await client.query('set synchronous_commit = off');
    const {
      rows: [base],
    } = await client.query<{
      users: number;
      flags: number;
      messages: number;
      hash: string;
      admin: number;
      muscle: unknown;
    }>(`
      select (select coalesce(max(id), 0) from users) as users, (select coalesce(max(id), 0) from assistance_flags) as flags,
             (select coalesce(max(id), 0) from messages) as messages,
             (select password from users where role = 1 order by id limit 1) as hash,
             (select id from users where role = 2 order by id limit 1) as admin,
             (select muscle from chamber_snapshots order by id limit 1) as muscle`);
    // A table with a row trigger (the exact row counts) takes smaller statements: each inserted row updates the same
    // counter row, and within one transaction every update walks the versions the previous ones left (quadratic).
    const { rows: triggered } = await client.query<{ table: string }>(`
      select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgtype & 1 = 1 and c.relnamespace = 'public'::regnamespace`);
    const triggerChunk = Number(process.env.SCALE_TRIGGER_CHUNK ?? 1_000);
    const chunkOf = (table: string) =>
      triggered.some((t) => t.table === table) ? Math.min(chunk, triggerChunk) : chunk;
    if (triggered.length)
      log(
        `  (${triggerChunk.toLocaleString('en-GB')} rows a statement into tables with row triggers: ${triggered.map((t) => t.table).join(', ')})`,
      );
    const ub = base!.users;
    const coach0 = ub + members; // coaches are ub + members + 1 .. + coaches
    const muscle = JSON.stringify(base!.muscle ?? {});

    // Users: members ub+1..ub+N, newest last (ids follow sign-up time); one argon2 hash (the demo member's) for all.
    for (const [from, to] of ranges(members, chunkOf('users'))) {
      await run(
        'users',
        `
        insert into users (id, email, name, password, role, initial_setup, initial_setup_step, access, token_version, created_at, updated_at)
        select $1::int + n, lower(f || '.' || l || '.' || n) || '@example.test', f || ' ' || l, $2, 1,
               case when n % 33 = 0 then 1 else 0 end, case when n % 33 = 0 then 1 else 3 end,
               case when n % ${shape.historyEvery} = 0 then '{"evolution_page": true}'::jsonb else '{}'::jsonb end, 0, t, t
        from generate_series($3::int, $4::int) n,
             lateral (select (${SQL_TEXT(FIRST)})[1 + n % ${FIRST.length}] as f, (${SQL_TEXT(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as l,
                             now() - interval '1095 days' * (1 - n::float8 / $5) as t) x`,
        [ub, base!.hash, from, to, members],
      );
    }
    await run(
      'users',
      `
      insert into users (id, email, name, password, role, initial_setup, initial_setup_step, access, token_version, created_at, updated_at)
      select $1::int + c, 'coach.' || c || '@example.test', 'Coach ' || (${SQL_TEXT(LAST)})[c], $2, 2, 0, 3, '{}', 0, now() - interval '1100 days', now()
      from generate_series(1, ${shape.coaches}) c`,
      [coach0, base!.hash],
    );
    await client.query(`select setval('users_id_seq', (select max(id) from users))`);
    done('users');

    // Subscriptions: 8 in 12 Superhuman active (one of them cancelling at period end), then Warrior active, ended,
    // past due or unpaid, trialing, incomplete, and 1 in 36 with none.
    for (const [from, to] of ranges(members, chunkOf('subscriptions'))) {
      await run(
        'subscriptions',
        `
        insert into subscriptions (user_id, channel_id, plan_id, amount_pence, status, provider, start_date, current_period_end, cancel_at_period_end, created_at, updated_at)
        select $1::int + s.n, p.channel_id, p.id, p.amount_pence, s.status, 'offline', u.created_at, s.period_end, s.cancelling, u.created_at, now()
        from (select n,
                case when n % 12 < 8 then (case when n % 5 = 0 then 4 else 3 end) when n % 12 in (8, 11) then (case when n % 5 = 0 then 2 else 1 end)
                     else 3 end as plan_id,
                case when n % 12 < 9 then 'active' when n % 12 = 9 then 'canceled' when n % 12 = 10 then (case when n % 2 = 0 then 'past_due' else 'unpaid' end)
                     when n % 3 = 0 then 'trialing' else 'incomplete' end as status,
                case when n % 12 < 9 or (n % 12 = 11 and n % 3 = 0) then now() + make_interval(days => 1 + n % 30)
                     when n % 12 = 9 then now() - make_interval(days => 1 + n % 300) else now() - make_interval(days => 1 + n % 7) end as period_end,
                n % 12 = 7 as cancelling
              from generate_series($2::int, $3::int) n where not (n % 12 = 11 and n % 3 = 2)) s
        join plans p on p.id = s.plan_id
        join users u on u.id = $1::int + s.n`,
        [ub, from, to],
      );
    }
    done('subscriptions');

    // Programme positions: every member past set-up; history members stand in their third evolution.
    for (const [from, to] of ranges(members, chunkOf('evolutions'))) {
      await run(
        'evolutions',
        `
        insert into evolutions (user_id, evolution, version, phase, need_calibration, number_of_sets, start_date, created_at, updated_at)
        select $1::int + n,
               case when h then 3 else 1 + n % 3 end,
               case when h then 1 + (n / ${shape.historyEvery}) % 4 else 1 + n % 4 end,
               case when h then 1 + (n / ${shape.historyEvery}) % 9 else 1 + (n / 4) % 9 end,
               not h and n % 7 = 0,
               (array[12, 16, 18, 24, 30, 36, 45])[1 + n % 7], now() - make_interval(days => n % 120), now() - interval '1 year', now()
        from generate_series($2::int, $3::int) n, lateral (select n % ${shape.historyEvery} = 0 as h) x
        where n % 33 <> 0`,
        [ub, from, to],
      );
    }
    done('evolutions');

    // A year of training for the history members: every phase of two whole evolutions and the third up to where they
    // stand (calibration = version 0), about two a week; then the sets, VO2 tests and chamber snapshots those phases wrote.
    await client.query(`
      create temporary table bench_history as
      select row_number() over (order by evolution, version, phase)::int as seq, * from (
        select e as evolution, 'calibration' as track, 0 as version, p as phase, (array['vo2', 'exercise', 'data-analysis'])[p] as phase_type, 20 + p as page_id
        from generate_series(1, 3) e, generate_series(1, 3) p
        union all
        select e, 'general', v, p, (array['vo2', 'exercises', 'exercises', 'exercises', 'flexibility', 'recovery', 'exercises', 'challenge', 'data-analysis'])[p],
               20 + 10 * v + p
        from generate_series(1, 3) e, generate_series(1, 4) v, generate_series(1, 9) p) h`);
    await client.query(`
      create temporary table bench_ladder as
      select f.*, (row_number() over (partition by form_group_id order by level, progress, id) - 1)::int as idx,
             count(*) over (partition by form_group_id)::int as steps
      from forms f`);
    const historyTables = ['phase_submissions', 'workout_results', 'vo2_tests', 'chamber_snapshots'];
    const historyChunk = Math.max(shape.historyEvery, Math.floor(Math.min(...historyTables.map(chunkOf)) / 5));
    for (const [from, to] of ranges(members, historyChunk)) {
      const lo = ub + from;
      const hi = ub + to;
      await run(
        'phase_submissions',
        `
        insert into phase_submissions (user_id, evolution, track, version, phase, phase_type, page_id, fingerprint, response, created_at)
        select $1::int + n, h.evolution, h.track, h.version, h.phase, h.phase_type, h.page_id, md5(n || ':' || h.seq), '{}'::jsonb,
               now() - interval '365 days' * (1 - h.seq::float8 / 118) - make_interval(hours => n % 48)
        from generate_series($2::int, $3::int) n
        join evolutions e on e.user_id = $1::int + n
        join bench_history h on h.evolution < e.evolution
          or (h.evolution = e.evolution and (h.track = 'calibration' or h.version < e.version or (h.version = e.version and h.phase < e.phase)))
        where n % ${shape.historyEvery} = 0`,
        [ub, from, to],
      );
      // The calibration's eight max tests; two sets of each of three ladders a strength phase; the challenge's one row.
      await run(
        'workout_results',
        `
        insert into workout_results (user_id, submission_id, evolution, track, version, phase, position, calibration_id, form_id, form_group_id, form_name,
                                     amount, time_to_complete, total_weight, par, level, progress, reps_or_time, created_at)
        select s.user_id, s.id, s.evolution, s.track, s.version, s.phase, c.id - 1, c.id, null, c.form_group_id, c.form,
               greatest(1, c.max * (3 + (s.user_id + c.id) % 8) / 12), 60, c.total_weight, null, null, null, c.reps_or_time, s.created_at
        from phase_submissions s join calibrations c on true
        where s.user_id between $1 and $2 and s.phase_type = 'exercise'
        union all
        select s.user_id, s.id, s.evolution, s.track, s.version, s.phase, j, null, l.id, l.form_group_id, l.name,
               greatest(1, l.max - (s.user_id + j) % 5), null, 0, l.max, l.level, l.progress, l.reps_or_time, s.created_at
        from phase_submissions s cross join generate_series(0, 5) j
        join bench_ladder l on l.form_group_id = 1 + (s.phase * 3 + j % 3) % 8 and l.idx = least(l.steps - 1, s.evolution - 1 + s.version / 2)
        where s.user_id between $1 and $2 and s.phase_type = 'exercises'
        union all
        select s.user_id, s.id, s.evolution, s.track, s.version, s.phase, 0, null, null, null, 'Burpee ladder', 40 + s.user_id % 30, 600, 0, null, null, null, 1, s.created_at
        from phase_submissions s where s.user_id between $1 and $2 and s.phase_type = 'challenge'`,
        [lo, hi],
      );
      await run(
        'vo2_tests',
        `
        insert into vo2_tests (user_id, submission_id, evolution, track, version, seconds, grade, score, level_id, level_name, created_at)
        select s.user_id, s.id, s.evolution, s.track, s.version, x.seconds, least(30, 2.5 * floor(x.seconds / 120.0)), x.score, v.id, v.level_name, s.created_at
        from phase_submissions s
        cross join lateral (select 600 + (s.user_id * 7 + s.evolution * 60 + s.version * 30) % 900 as seconds) x0
        cross join lateral (select x0.seconds, round((1.444 * x0.seconds / 60 + 14.99)::numeric, 1) as score) x
        left join lateral (select l.id, l.level_name from vo2_max_levels l where (l.min is null or x.score >= l.min) and (l.max is null or x.score <= l.max)
                           order by l.level limit 1) v on true
        where s.user_id between $1 and $2 and s.phase_type = 'vo2'`,
        [lo, hi],
      );
      await run(
        'chamber_snapshots',
        `
        insert into chamber_snapshots (user_id, submission_id, evolution, version, weight, body_fat, chest, bicep, waist, quad, vo2score, vo2level, muscle, created_at)
        select s.user_id, s.id, s.evolution, s.version, 70 + s.user_id % 30 - k * 0.4, greatest(8, 14 + s.user_id % 12 - k * 0.5), 38 + s.user_id % 6 + k * 0.1,
               13 + s.user_id % 3 + k * 0.05, 34 + s.user_id % 6 - k * 0.2, 22 + s.user_id % 4 + k * 0.05, v.score, v.level_name, $3::jsonb, s.created_at
        from phase_submissions s
        cross join lateral (select (s.evolution - 1) * 5 + s.version as k) x
        left join vo2_tests v on v.user_id = s.user_id and v.evolution = s.evolution and v.track = s.track and v.version = s.version
        where s.user_id between $1 and $2 and s.phase_type = 'data-analysis'`,
        [lo, hi, muscle],
      );
    }
    for (const table of historyTables) done(table);

    // Every calibrated member's place on each ladder, most on the lower rungs (deleting a crowded form moves them).
    for (const [from, to] of ranges(members, Math.max(1, Math.floor(chunkOf('member_forms') / 8)))) {
      await run(
        'member_forms',
        `
        insert into member_forms (user_id, form_group_id, form_id, created_at, updated_at)
        select e.user_id, l.form_group_id, l.id, now() - interval '1 year', now()
        from evolutions e join bench_ladder l on l.idx = least(l.steps - 1, (e.user_id + l.form_group_id) % 4)
        where e.user_id between $1::int + $2 and $1::int + $3 and not e.need_calibration`,
        [ub, from, to],
      );
    }
    done('member_forms');
    // A ladder a coach has just made: nobody on it yet, so the admin's form group list must find that out by index.
    await client.query(`insert into form_groups (name, exercise_type_id, created_at, updated_at)
      select 'New ladder', exercise_type_id, now(), now() from form_groups order by id limit 1`);

    // Assistance flags over two years, most closed, each with one to three replies (coach first, then the member).
    const fb = base!.flags;
    for (const [from, to] of ranges(shape.flags, Math.min(chunkOf('assistance_flags'), chunkOf('flag_responses')))) {
      await run(
        'assistance_flags',
        `
        insert into assistance_flags (id, user_id, subject, message, status, closed_at, created_at, updated_at)
        select $1::int + f, $2::int + 1 + (f::bigint * 7919) % $3, (${SQL_TEXT(FLAG_SUBJECTS)})[1 + f % ${FLAG_SUBJECTS.length}],
               'Hello coach, ' || lower((${SQL_TEXT(FLAG_SUBJECTS)})[1 + f % ${FLAG_SUBJECTS.length}]) || '. What should I change this week? (' || f || ')',
               case when f > $4 * 0.85 or f % 13 = 0 then 0 else 1 end,
               case when f > $4 * 0.85 or f % 13 = 0 then null else t + interval '2 days' end, t, t + interval '1 day'
        from generate_series($5::int, $6::int) f, lateral (select now() - interval '730 days' * (1 - f::float8 / $4) as t) x`,
        [fb, ub, members, shape.flags, from, to],
      );
      await run(
        'flag_responses',
        `
        insert into flag_responses (flag_id, author_id, by_coach, message, created_at)
        select a.id, case when r % 2 = 1 then $2::int + 1 + a.id % ${shape.coaches} else a.user_id end, r % 2 = 1,
               case when r % 2 = 1 then 'Thanks for flagging this. Drop one form for a week and film a set for me.' else 'Will do, thank you!' end,
               a.created_at + make_interval(hours => 3 * r)
        from assistance_flags a cross join generate_series(1, 3) r
        where a.id between $1::int + $3::int and $1::int + $4::int and r <= 1 + a.id % 3`,
        [fb, coach0, from, to],
      );
    }
    await client.query(`select setval('assistance_flags_id_seq', (select max(id) from assistance_flags))`);
    done('assistance_flags');
    done('flag_responses');

    // Admins' reads of members' health data over two years, newest last (the list orders by id).
    const actions = [
      'chamber.read',
      'fact_finding.read',
      'application_details.read',
      'macro_data.read',
      'progress_photo.read',
    ];
    const objects = ['chamber_snapshot', 'fact_finding', 'application_details', 'macro_data', 'media'];
    for (const [from, to] of ranges(shape.audit, chunkOf('audit_log'))) {
      await run(
        'audit_log',
        `
        insert into audit_log (admin_id, action, member_id, object_type, object_id, ip, created_at)
        select case when a % 10 = 0 then $1::int else $2::int + 1 + a % ${shape.coaches} end,
               (${SQL_TEXT(actions)})[1 + a % 5], $3::int + 1 + (a::bigint * 104729) % $4, (${SQL_TEXT(objects)})[1 + a % 5],
               case when a % 5 in (0, 4) then a % 100000 + 1 else null end, '10.0.' || (a % 250) || '.' || (a % 7 + 1),
               now() - interval '730 days' * (1 - a::float8 / $5)
        from generate_series($6::int, $7::int) a`,
        [base!.admin, coach0, ub, members, shape.audit, from, to],
      );
    }
    done('audit_log');

    // Messages: direct ones over the year before the last month, then ten channel broadcasts this month (seven to
    // Superhuman, three to Warrior), so the admin's first page holds them all; each broadcast was delivered to every
    // member whose subscription to that channel is active, about three in five of whom read it.
    const mb = base!.messages;
    await run(
      'messages',
      `
      insert into messages (id, sender_id, subject, body, recipient_id, channel_id, created_at)
      select $1::int + m, $2::int + 1 + m % ${shape.coaches}, 'Check-in ' || m, 'How did this week go? Reply with your best set and how it felt.',
             $3::int + 1 + (m::bigint * 15485863) % $4, null, now() - interval '31 days' - interval '365 days' * (1 - m::float8 / $5)
      from generate_series(1, $5::int) m`,
      [mb, coach0, ub, members, shape.directMessages],
    );
    await run(
      'message_recipients',
      `
      insert into message_recipients (message_id, user_id, read_at, mailed_at, created_at)
      select m.id, m.recipient_id, case when m.id % 3 = 0 then null else m.created_at + interval '5 hours' end, m.created_at, m.created_at
      from messages m where m.id > $1 and m.recipient_id is not null`,
      [mb],
    );
    const broadcast0 = mb + shape.directMessages;
    await run(
      'messages',
      `
      insert into messages (id, sender_id, subject, body, recipient_id, channel_id, created_at)
      select $1::int + b, $2::int + 1, 'Coaching update ' || b, 'This month''s focus: sleep, protein and one extra set on your weakest ladder.', null,
             case when b % 10 in (3, 6, 9) then 1 else 2 end, now() - make_interval(days => 3 * (${shape.broadcasts} - b) + 1)
      from generate_series(1, ${shape.broadcasts}) b`,
      [broadcast0, coach0],
    );
    for (let b = 1; b <= shape.broadcasts; b++) {
      // Members taken by id range, so each statement writes at most a chunk of receipts.
      for (const [from, to] of ranges(members + shape.coaches, chunkOf('message_recipients'))) {
        await run(
          'message_recipients',
          `
          insert into message_recipients (message_id, user_id, read_at, mailed_at, created_at)
          select m.id, s.user_id, case when (s.user_id + m.id) % 5 < 3 then m.created_at + make_interval(hours => 1 + s.user_id % 40) else null end, m.created_at, m.created_at
          from messages m join subscriptions s on s.channel_id = m.channel_id and s.status in ('active', 'trialing') and s.current_period_end > now()
          where m.id = $1 and s.user_id between $2::int + $3::int and $2::int + $4::int`,
          [broadcast0 + b, ub, from === 1 ? 1 - ub : from, to],
        );
      }
    }
    // Delivered whole: the progress the admin's message screen shows is complete.
    await run(
      'messages',
      `
      update messages m set expected_count = r.n, delivered_at = m.created_at
      from (select message_id, count(*)::int as n from message_recipients where message_id > $1 group by message_id) r
      where r.message_id = m.id`,
      [mb],
      false,
    );
    await client.query(`select setval('messages_id_seq', (select max(id) from messages))`);
    done('messages');
    done('message_recipients');

    // SCALE_VACUUM=1: VACUUM ANALYZE instead of ANALYZE, the state autovacuum leaves a settled database in (visibility
    // map set, GIN pending lists merged); plain ANALYZE by default, as a bulk import leaves it.
    const settle = process.env.SCALE_VACUUM === '1' ? 'vacuum analyze' : 'analyze';
    const started = performance.now();
    await client.query(settle);
    timings.set(`(${settle})`, { table: `(${settle})`, rows: 0, ms: performance.now() - started });
    log(`  ${settle}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      timings: [...timings.values()],
      firstMemberId: ub + 1,
      historyMemberId: ub + shape.historyEvery * Math.max(1, Math.floor(members / shape.historyEvery / 2)),
    };
  } finally {
    await client.end();
  }
}
