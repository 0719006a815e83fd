import { describe, expect, it } from 'vitest';
import { INTRODUCTION_PAGE } from '@evolution/shared';
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_WARRIOR, seedAll } from '../src/db/seed.ts';
import { ChamberSnapshot, Media, PhaseSubmission, User } from '../src/entities/index.ts';
import { rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp({ demoSeed: true });

const login = async (account: { email: string; password: string }) =>
  rest(ctx.app, 'POST', '/api/login', { body: { email: account.email, password: account.password } });

describe('the demo accounts (npm start on the embedded database)', () => {
  it('seeds an admin, a member with history and a warrior member, once however often it runs', async () => {
    const config = { ...ctx.app.config, demoSeed: true };
    const started = Date.now();
    expect((await seedAll(ctx.app.orm.em.fork(), config)).demo).toEqual({
      admin: DEMO_ADMIN,
      member: DEMO_MEMBER,
      warrior: DEMO_WARRIOR,
    });
    // The start is measured: the whole demo, history and videos included, takes a few seconds at most.
    expect(Date.now() - started).toBeLessThan(15_000);
    const em = ctx.app.orm.em.fork();
    const counts = async () => [
      await em.count(User, { email: { $in: [DEMO_ADMIN.email, DEMO_MEMBER.email, DEMO_WARRIOR.email] } }),
      await em.count(PhaseSubmission, {}),
      await em.count(ChamberSnapshot, {}),
      await em.count(Media, {}),
    ];
    const first = await counts();
    await seedAll(ctx.app.orm.em.fork(), config);
    expect(await counts()).toEqual(first);
    // The calibration's 3 phases and two versions of 9.
    expect(first.slice(0, 3)).toEqual([3, 21, 3]);

    expect((await login(DEMO_ADMIN)).body).toMatchObject({ user_role: 2 });
    expect((await login(DEMO_WARRIOR)).body).toMatchObject({
      user_role: 1,
      initial_setup: 0,
      need_calibration: true,
      subscription: { active: true },
    });

    const member = await login(DEMO_MEMBER);
    expect(member).toMatchObject({
      status: 200,
      body: {
        user_role: 1,
        initial_setup: 0,
        need_calibration: false,
        version: 3,
        phase: 1,
        subscription: { active: true },
      },
    });
    const token = member.body.access_token as string;
    // Setup really was done: the PAR-Q, the fact-find and the contact details are there to read.
    expect((await rest(ctx.app, 'GET', '/api/user/application_details', { token })).body.data).toMatchObject({
      question1: 0,
      e_signature: 'Demo Member',
    });
    expect((await rest(ctx.app, 'GET', '/api/user/fact_finding_details', { token })).body.data.data).toMatchObject({
      desired_aesthetic: 'Titan',
      food_preference: 'Pescatarian',
    });
    expect((await rest(ctx.app, 'GET', '/api/user/contact_details', { token })).body.data).toMatchObject({
      city: 'York',
    });
  });

  it("gives the demo member a chamber of three analyses, photos, form levels, macros, a flag and a coach's message", async () => {
    const token = (await login(DEMO_MEMBER)).body.access_token as string;
    const get = (url: string) => rest(ctx.app, 'GET', url, { token });

    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await get(`/api/user/evolution/chamber/${page}`)).body);
    expect(pages.map((p) => [p.version, p.totalPages, p.data.body.weight, p.data.body.images.length])).toEqual([
      [0, 3, 82.4, 3],
      [1, 3, 81.1, 3],
      [2, 3, 79.8, 3],
    ]);
    // Oldest first, spread over the past weeks, each with its VO2 score.
    const [calibrated, first, second] = pages.map((p) => Date.parse(p.created_at)) as [number, number, number];
    expect(calibrated).toBeLessThan(first);
    expect(first).toBeLessThan(second);
    expect(Date.now() - calibrated).toBeGreaterThan(40 * 86_400_000);
    expect(pages.every((p) => p.data.vo2max.score > 0)).toBe(true);

    const photo = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/image/${pages[2].data.body.images[0].id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect([photo.statusCode, photo.headers['content-type'], photo.rawPayload.subarray(0, 2).toString('hex')]).toEqual([
      200,
      'image/jpeg',
      'ffd8',
    ]);

    const results = (await get('/api/user/evolution/workout_results?evolution=1&version=2')).body;
    expect(results.data.length).toBeGreaterThan(0);
    const forms = (await get('/api/user/evolution/forms')).body.data;
    expect(forms.length).toBeGreaterThan(0);
    expect((await get('/api/user/evolution/calibration')).body.data.length).toBeGreaterThan(0);

    const macros = await get('/api/user/evolution/macro_data');
    expect(macros.status).toBe(200);
    expect(macros.body).toMatchObject({
      daily_caloric_intake: expect.any(Number),
      protein_intake: expect.any(Number),
      weight: 79.8,
    });

    const flags = (await get('/api/user/assistance_flag')).body.data;
    expect(flags).toHaveLength(1);
    const flag = (await get(`/api/user/assistance_flag/${flags[0].id}`)).body.data;
    expect(flag.responses.map((r: { by_coach: boolean }) => r.by_coach)).toContain(true);
    const inbox = (await get('/api/user/message')).body.data;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ subject: 'Version 2 done: well trained' });
  });

  it('plays the demo videos: the introduction and the push and squat demonstrations, served in ranges', async () => {
    const token = (await login(DEMO_MEMBER)).body.access_token as string;
    const intro = (await rest(ctx.app, 'GET', `/api/storage/page/${INTRODUCTION_PAGE.portal}/video`, { token })).body
      .data;
    expect(intro.video_path).toMatch(/^\/api\/media\/\d+\?expires=/);
    const ranged = await ctx.app.inject({ method: 'GET', url: intro.video_path, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    // The phase's exercises carry their form group's video: push has one, a group without one has none.
    const phase = (await rest(ctx.app, 'GET', '/api/user/channel/warrior/general/phase', { token })).body;
    expect(phase.type).toBe('vo2');
    const groups = await rest(ctx.app, 'GET', '/api/storage/form/1/video', { token });
    expect(groups.body.data.video_path).toMatch(/^\/api\/media\/\d+/);
    expect((await rest(ctx.app, 'GET', '/api/storage/form/2/video', { token })).status).toBe(404);
  });
});
