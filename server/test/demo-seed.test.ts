import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_MEMBER, seedAll } from '../src/db/seed.ts';
import { User } from '../src/entities/index.ts';
import { rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

const ctx = useTestApp({ demoSeed: true });

describe('the demo accounts (npm start on the embedded database)', () => {
  it('seeds an admin and a member who has finished setup, once however often it runs', async () => {
    const config = { ...ctx.app.config, demoSeed: true };
    expect((await seedAll(ctx.app.orm.em.fork(), config)).demo).toEqual({ admin: DEMO_ADMIN, member: DEMO_MEMBER });
    await seedAll(ctx.app.orm.em.fork(), config);
    expect(await ctx.app.orm.em.fork().count(User, { email: { $in: [DEMO_ADMIN.email, DEMO_MEMBER.email] } })).toBe(2);

    const admin = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(admin).toMatchObject({ status: 200, body: { user_role: 2 } });

    const member = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
    });
    expect(member).toMatchObject({
      status: 200,
      body: { user_role: 1, initial_setup: 0, need_calibration: true, subscription: { active: true } },
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
});
