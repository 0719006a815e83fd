import { describe, expect, it } from 'vitest';
import { applicationDetailsSchema, factFindingSchema } from '@evolution/shared';
import { ApplicationDetails, FactFinding, User } from '../src/entities/index.ts';
import { expectFieldErrors, newMember, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { factFind as setupFactFind, parq as setupParq } from './helpers/setupForms.ts';

const ctx = useTestApp();
const em = () => ctx.app.orm.em.fork();

const today = new Date().toISOString().slice(0, 10);
const parq = (overrides: Record<string, unknown> = {}) =>
  setupParq({ first_name: '', last_name: '', question7: 1, ...overrides });
const factFind = (overrides: Record<string, unknown> = {}) =>
  setupFactFind({
    weight: '82.5',
    food_preference: 'Pescatarian',
    physical_activities: 'Running twice a week',
    ...overrides,
  });

async function member() {
  const res = await rest(ctx.app, 'POST', '/api/register', { body: newMember() });
  return { token: res.body.access_token as string, userId: res.body.user_id as number };
}
const step = async (token: string) => {
  const me = (await rest(ctx.app, 'GET', '/api/user', { token })).body;
  return [me.initial_setup, me.initial_setup_step];
};

describe('PAR-Q: /api/user/application_details', () => {
  it('is empty before, then stored and the member moves to step 2', async () => {
    const { token } = await member();
    expect((await rest(ctx.app, 'GET', '/api/user/application_details', { token })).body).toEqual({ data: null });
    const res = await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Application details saved', initial_setup: 1, initial_setup_step: 2 });
    expect(await step(token)).toEqual([1, 2]);
    const got = await rest(ctx.app, 'GET', '/api/user/application_details', { token });
    expect(applicationDetailsSchema.strict().parse(got.body.data)).toMatchObject({
      first_name: null,
      last_name: null,
      question7: 1,
      question1: 0,
      date: today,
      e_signature: 'A. Member',
    });
  });

  it("answers the spec's messages for a missing date and signature, and changes nothing", async () => {
    const { token, userId } = await member();
    const res = await rest(ctx.app, 'POST', '/api/user/application_details', {
      token,
      body: parq({ date: '', e_signature: undefined, question3: 'maybe' }),
    });
    expectFieldErrors(res, {
      question3: ['Question 3 must be 0 (no) or 1 (yes)'],
      date: ['Date is required'],
      e_signature: ['E Signutre is required'],
    });
    expect(
      (await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: {} })).body.errors.question1,
    ).toEqual(['Question 1 is required']);
    expect(await step(token)).toEqual([1, 1]);
    expect(await em().count(ApplicationDetails, { user: userId })).toBe(0);
  });

  it('is refused once the member has moved on, and a double submit advances once', async () => {
    const { token } = await member();
    const results = await Promise.all(
      [1, 2].map(() => rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual({
      message: 'The readiness questionnaire is already submitted: the next step is the fact-find.',
    });
    expect(await step(token)).toEqual([1, 2]);
  });
});

describe('fact-find: /api/user/fact_finding_details', () => {
  it('before the PAR-Q is refused with 409', async () => {
    const { token, userId } = await member();
    const res = await rest(ctx.app, 'POST', '/api/user/fact_finding_details', { token, body: factFind() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Submit the readiness questionnaire (PAR-Q) first.' });
    expect(await em().count(FactFinding, { user: userId })).toBe(0);
  });

  it('after the PAR-Q is stored with the desired body fat, and ends setup', async () => {
    const { token, userId } = await member();
    await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() });
    expect((await rest(ctx.app, 'GET', '/api/user/fact_finding_details', { token })).body).toEqual({
      data: { data: null },
    });
    const res = await rest(ctx.app, 'POST', '/api/user/fact_finding_details', { token, body: factFind() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Fact-finding details saved', initial_setup: 0, initial_setup_step: 3 });
    expect(await step(token)).toEqual([0, 3]);
    const got = await rest(ctx.app, 'GET', '/api/user/fact_finding_details', { token });
    expect(factFindingSchema.strict().parse(got.body.data.data)).toMatchObject({
      height: 70,
      weight: 82.5,
      desired_aesthetic: 'Titan',
      desired_body_fat: 10.5,
      waking_time: '06:30',
    });
    const user = await em().findOneOrFail(User, { id: userId });
    expect([user.initialSetup, user.initialSetupStep]).toEqual([0, 3]);
    // Setup is over: neither step may be sent again.
    expect((await rest(ctx.app, 'POST', '/api/user/fact_finding_details', { token, body: factFind() })).body).toEqual({
      message: 'Setup is already complete.',
    });
    expect((await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() })).status).toBe(409);
  });

  it('stores 7 for Warrior and 15 for Tank', async () => {
    for (const [aesthetic, bodyFat] of [
      ['Warrior', 7],
      ['Tank', 15],
    ] as const) {
      const { token } = await member();
      await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() });
      const res = await rest(ctx.app, 'POST', '/api/user/fact_finding_details', {
        token,
        body: factFind({ desired_aesthetic: aesthetic }),
      });
      expect(res.body.data.desired_body_fat).toBe(bodyFat);
    }
  });

  it('answers the thirteen messages for an empty form and leaves the step as it was', async () => {
    const { token } = await member();
    await rest(ctx.app, 'POST', '/api/user/application_details', { token, body: parq() });
    const res = await rest(ctx.app, 'POST', '/api/user/fact_finding_details', { token, body: {} });
    expectFieldErrors(res, {
      date_of_birth: ['Date of Birth is required'],
      height: ['Height is required'],
      weight: ['Weight is required'],
      wrist_circumference: ['Wrist is required'],
      ankle_circumference: ['Ankle is required'],
      desired_aesthetic: ['Desired Aesthetic is required'],
      food_preference: ['Food Category is required'],
      waking_time: ['Waking Time is required'],
      work_start: ['Work Start Time is required'],
      break_time_start_finish: ['Work Break Length is required'],
      work_finish: ['Work Finish Time is required'],
      time_of_slumber: ['Time of Slumber is required'],
      physical_activities: ['Physical Activities is required'],
    });
    const bad = await rest(ctx.app, 'POST', '/api/user/fact_finding_details', {
      token,
      body: factFind({ height: 'tall', desired_aesthetic: 'Hulk', waking_time: '25:00', date_of_birth: '2990-01-01' }),
    });
    expect(bad.body.errors).toEqual({
      height: ['Height must be a number'],
      desired_aesthetic: ['Desired Aesthetic must be one of Warrior, Titan, Tank'],
      waking_time: ['Waking Time must be a time (HH:MM)'],
      date_of_birth: ['Date of Birth must be a date in the past (age 10 to 120)'],
    });
    expect(await step(token)).toEqual([1, 2]);
  });
});

describe('setup access', () => {
  it('is 401 anonymous and 403 for an admin', async () => {
    const admin = (await signedInAdmin(ctx.app)).token;
    for (const [method, url] of [
      ['GET', '/api/user/application_details'],
      ['POST', '/api/user/application_details'],
      ['GET', '/api/user/fact_finding_details'],
      ['POST', '/api/user/fact_finding_details'],
    ] as const) {
      expect((await rest(ctx.app, method, url, { body: {} })).status).toBe(401);
      expect((await rest(ctx.app, method, url, { body: {}, token: admin })).status).toBe(403);
    }
  });

  it('tRPC setup runs the same steps', async () => {
    const { token } = await member();
    expect((await trpc(ctx.app, 'mutation', 'setup.submitFactFinding', factFind(), token)).status).toBe(409);
    expect(
      (await trpc(ctx.app, 'mutation', 'setup.submitApplicationDetails', parq(), token)).data.initial_setup_step,
    ).toBe(2);
    expect((await trpc(ctx.app, 'query', 'setup.applicationDetails', undefined, token)).data.e_signature).toBe(
      'A. Member',
    );
    expect((await trpc(ctx.app, 'mutation', 'setup.submitFactFinding', factFind(), token)).data.initial_setup).toBe(0);
    expect((await trpc(ctx.app, 'query', 'setup.factFinding', undefined, token)).data.desired_body_fat).toBe(10.5);
    const invalid = await trpc(ctx.app, 'mutation', 'setup.submitApplicationDetails', {}, token);
    expect(invalid.status).toBe(422);
  });
});
