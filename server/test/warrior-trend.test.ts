import { describe, expect, it } from 'vitest';
import { Evolution, User } from '../src/entities/index.ts';
import { rest, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { photoWithExif, trainingMember, uploadPhoto } from './helpers/training.ts';

const ctx = useTestAppWithDataDir('warrior-trend');

async function photos(token: string) {
  const ids: number[] = [];
  for (const colour of ['#aa3333', '#33aa33', '#3333aa'])
    ids.push((await uploadPhoto(ctx.app, token, await photoWithExif(colour))).body.image.id);
  return ids;
}

const analysis = (type: string, token: string, body: Record<string, unknown>) =>
  rest(ctx.app, 'POST', `/api/user/channel/warrior/${type}/phase/data-analysis`, { token, body });

describe('warrior.chamberTrend and GET /api/user/evolution/trend', () => {
  it("lists weight, body fat and VO2 of the member's own snapshots, in chamber page order, without photos", async () => {
    const member = await trainingMember(ctx.app);
    const other = await trainingMember(ctx.app);
    const [a, b, c] = await photos(member.token);
    const em = ctx.app.orm.em.fork();

    // Calibration: the treadmill test (15:00 → 36.7), then straight to its data analysis.
    expect(
      (
        await rest(ctx.app, 'POST', '/api/user/channel/warrior/calibration/phase/vo2', {
          token: member.token,
          body: { time_to_complete: 900 },
        })
      ).status,
    ).toBe(200);
    await em.nativeUpdate(Evolution, { user: member.userId }, { phase: 3 });
    expect(
      (
        await analysis('calibration', member.token, {
          weight: 82.4,
          waist: 34,
          chest: 40,
          bicep: 14.5,
          quad: 23,
          body_fat: 18.2,
          image1: a,
          image2: b,
          image3: c,
        })
      ).status,
    ).toBe(200);
    // Version 1 closes with its data analysis (no new treadmill test: the latest score stays).
    await em.nativeUpdate(Evolution, { user: member.userId }, { phase: 9 });
    expect(
      (
        await analysis('general', member.token, {
          weight: 81.1,
          waist: 33.5,
          chest: 40.5,
          bicep: 14.75,
          quad: 23.25,
          body_fat: 16.9,
          image1: c,
          image2: b,
          image3: a,
        })
      ).status,
    ).toBe(200);

    // A neighbour's own calibration snapshot must not show in this member's trend.
    const neighbour = await trainingMember(ctx.app);
    const [d, e, f] = await photos(neighbour.token);
    await em.nativeUpdate(Evolution, { user: neighbour.userId }, { phase: 3 });
    expect(
      (
        await analysis('calibration', neighbour.token, {
          weight: 99.9,
          waist: 40,
          chest: 44,
          bicep: 16,
          quad: 26,
          body_fat: 25,
          image1: d,
          image2: e,
          image3: f,
        })
      ).status,
    ).toBe(200);

    const res = await trpc(ctx.app, 'query', 'warrior.chamberTrend', undefined, member.token);
    expect(res.status).toBe(200);
    expect(res.data.data).toEqual([
      {
        page: 1,
        label: 'v1.0',
        evolution: 1,
        version: 0,
        weight: 82.4,
        body_fat: 18.2,
        vo2max: 36.7,
        created_at: expect.any(String),
      },
      {
        page: 2,
        label: 'v1.1',
        evolution: 1,
        version: 1,
        weight: 81.1,
        body_fat: 16.9,
        vo2max: 36.7,
        created_at: expect.any(String),
      },
    ]);
    // The same pages as the chamber itself.
    expect((await trpc(ctx.app, 'query', 'warrior.chamber', { page: 2 }, member.token)).data).toMatchObject({
      label: 'v1.1',
      data: { body: { weight: 81.1 } },
    });

    // REST answers the same body.
    expect(await rest(ctx.app, 'GET', '/api/user/evolution/trend', { token: member.token })).toMatchObject({
      status: 200,
      body: res.data,
    });

    // Another member who has not calibrated has no evolution_page flag yet: the chamber and its trend are closed.
    expect((await trpc(ctx.app, 'query', 'warrior.chamberTrend', undefined, other.token)).status).toBe(403);
    expect(await rest(ctx.app, 'GET', '/api/user/evolution/trend', { token: other.token })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect((await rest(ctx.app, 'GET', '/api/user/evolution/chamber/1', { token: other.token })).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'warrior.chamberTrend')).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user/evolution/trend')).status).toBe(401);
  });

  it('closes the chamber when an admin turns the evolution_page flag off, snapshots or not', async () => {
    const member = await trainingMember(ctx.app);
    const em = ctx.app.orm.em.fork();
    await em.nativeUpdate(User, { id: member.userId }, { access: { evolution_page: true } });
    expect((await rest(ctx.app, 'GET', '/api/user/evolution/trend', { token: member.token })).body).toEqual({
      data: [],
    });
    expect((await rest(ctx.app, 'GET', '/api/user/evolution/chamber/1', { token: member.token })).status).toBe(404);
    await em.nativeUpdate(User, { id: member.userId }, { access: { evolution_page: false } });
    expect((await rest(ctx.app, 'GET', '/api/user/evolution/trend', { token: member.token })).status).toBe(403);
    expect((await trpc(ctx.app, 'query', 'warrior.chamber', { page: 1 }, member.token)).status).toBe(403);
  });
});
