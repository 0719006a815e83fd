/** The phase-submission load: every member submits their phase once, `concurrency` at a time, over real HTTP. */
import pg from 'pg';
import type { Submitter } from './fixture.ts';

const PATH = '/api/user/channel/warrior/general/phase/exercises';

/** The body the phase runner sends for a phase's data: every round's sets, each exercise at its form's max. */
export function exercisesBody(phase: {
  data: { id: number; max: number }[];
  rounds: { repeat: number; exercise_ids: number[] }[];
}) {
  const max = new Map(phase.data.map((e) => [e.id, e.max]));
  return phase.rounds.flatMap((r) =>
    Array.from({ length: r.repeat }, () => r.exercise_ids.map((id) => ({ form_id: id, amount: max.get(id)! }))).flat(),
  );
}

/** Throughput, p99 latency and failures of one pass, and what the database holds afterwards. */
export async function runSubmissions(
  base: string,
  databaseUrl: string,
  members: Submitter[],
  body: unknown,
  concurrency: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  let first: unknown = null;
  const queue = [...members];
  const payload = JSON.stringify(body);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        const t = performance.now();
        const res = await fetch(base + PATH, {
          method: 'POST',
          headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
          body: payload,
        });
        const json = await res.json();
        latencies.push(performance.now() - t);
        if (res.status !== 200) errors++;
        if (m === members[0]) first = json;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = members.map((m) => m.id);
  const {
    rows: [counts],
  } = await client.query(
    `
    select (select count(*) from (select user_id from phase_submissions where user_id = any($1) group by user_id having count(*) > 1) d)::int as doubles,
           (select count(*) from evolutions where user_id = any($1) and phase = 3)::int as moved_on,
           (select count(*) from phase_submissions where user_id = any($1))::int as submissions`,
    [ids],
  );
  await client.end();
  return {
    rps: members.length / seconds,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    // A failed answer, or a member the database does not show one phase further on.
    errors: errors + (members.length - counts.moved_on),
    doubles: counts.doubles as number,
    submissions: counts.submissions as number,
    first,
  };
}
