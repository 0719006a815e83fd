import { describe, expect, it } from 'vitest';
import { Evolution, User } from '../src/entities/index.ts';
import { rest, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import {
  calibrationMeasurements,
  dataAnalysis,
  trainingMember,
  uploadThreePhotos,
  versionOneMeasurements,
} from './helpers/training.ts';

const ctx = useTestAppWithDataDir('warrior-trend');

/** A data analysis with these photos and figures (dataAnalysis fills in the rest). */
const analysis = (type: string, token: string, photos: number[], figures: Record<string, unknown>) =>
  rest(ctx.app, 'POST', `/api/user/channel/warrior/${type}/phase/data-analysis`, {
    token,
    body: dataAnalysis(photos, figures),
  });

describe('warrior.chamberTrend and GET /api/user/evolution/trend', () => {
  it("lists weight, body fat and VO2 of the member's own snapshots, in chamber page order, without photos", async () => {
    const member = await trainingMember(ctx.app);
    const other = await trainingMember(ctx.app);
    const [a, b, c] = await uploadThreePhotos(ctx.app, member.token);
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
    expect((await analysis('calibration', member.token, [a, b, c], calibrationMeasurements)).status).toBe(200);
    // Version 1 closes with its data analysis (no new treadmill test: the latest score stays).
    await em.nativeUpdate(Evolution, { user: member.userId }, { phase: 9 });
    expect((await analysis('general', member.token, [c, b, a], versionOneMeasurements)).status).toBe(200);

    // A neighbour's own calibration snapshot must not show in this member's trend.
    const neighbour = await trainingMember(ctx.app);
    const [d, e, f] = await uploadThreePhotos(ctx.app, neighbour.token);
    await em.nativeUpdate(Evolution, { user: neighbour.userId }, { phase: 3 });
    const neighbourFigures = { weight: 99.9, waist: 40, chest: 44, bicep: 16, quad: 26, body_fat: 25 };
    expect((await analysis('calibration', neighbour.token, [d, e, f], neighbourFigures)).status).toBe(200);

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
