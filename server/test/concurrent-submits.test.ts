import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { calibrateOverHttp, cloneMembers } from '../bench/fixture.ts';
import { exercisesBody } from '../bench/submit.ts';
import { useTestApp } from './helpers/database.ts';
import { trainingMember } from './helpers/training.ts';

const ctx = useTestApp();

describe('100 members submitting their phase at the same moment', () => {
  it('answers every one, double clicks included, and counts each submission exactly once', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const template = await trainingMember(ctx.app);
    await calibrateOverHttp(base, template.token);
    // 100 copies of the calibrated member at version 1, phase 2 (upper body strength), each with their own token.
    const members = await cloneMembers(
      ctx.databaseUrl,
      (claims) => ctx.app.tokens.sign(claims as never, 3600),
      template.token,
      100,
    );
    const phase = await (
      await fetch(`${base}/api/user/channel/warrior/general/phase`, {
        headers: { authorization: `Bearer ${members[0]!.token}` },
      })
    ).json();
    const body = JSON.stringify(exercisesBody(phase as Parameters<typeof exercisesBody>[0]));

    // Every member submits at once, and every tenth clicks twice: 110 requests in flight over real HTTP.
    const submit = (token: string) =>
      fetch(`${base}/api/user/channel/warrior/general/phase/exercises`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
    const answers = await Promise.all(
      members.flatMap((m, i) => (i % 10 === 0 ? [submit(m.token), submit(m.token)] : [submit(m.token)])),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(10);

    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      const ids = members.map((m) => m.id);
      const {
        rows: [counts],
      } = await client.query(
        `
        select (select count(*) from phase_submissions where user_id = any($1))::int as submissions,
               (select count(distinct user_id) from phase_submissions where user_id = any($1))::int as members,
               (select count(*) from evolutions where user_id = any($1) and version = 1 and phase = 3)::int as moved_on,
               (select count(*) from workout_results where user_id = any($1))::int as sets`,
        [ids],
      );
      expect(counts).toEqual({ submissions: 100, members: 100, moved_on: 100, sets: 100 * JSON.parse(body).length });
    } finally {
      await client.end();
    }
  });
});
