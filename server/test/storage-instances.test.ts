import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, mealSchema } from '@evolution/shared';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { seedNutrition } from '../src/db/nutrition.ts';
import { Meal, MealGroup, Media } from '../src/entities/index.ts';
import { uploadStorage } from '../src/services/storage.ts';
import { rest, signedInAdmin } from './helpers/api.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { useTestS3 } from './helpers/s3.ts';
import { multipart, postMultipart, trainingMember, uploadPhoto } from './helpers/training.ts';

// Two server instances built by the production buildApp on ONE database and ONE bucket, each with its own data folder
// (as two machines behind a load balancer): a file uploaded through one is read through the other.

const s3 = useTestS3();
const dataDirs = [
  mkdtempSync(join(tmpdir(), 'evolution-instance-a-')),
  mkdtempSync(join(tmpdir(), 'evolution-instance-b-')),
];
// Where createTestDatabase copies the template's pictures for a folder store: neither instance's folder.
const unusedFolder = mkdtempSync(join(tmpdir(), 'evolution-instance-folder-'));
const mp4 = readFileSync(join(import.meta.dirname, '../../client/e2e/fixtures/coach-demo.mp4'));
let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase(unusedFolder);
  // Each instance its own copy of the settings, so each has its own S3 client, as a separate process would.
  const [first, second] = await Promise.all(
    dataDirs.map(async (dataDir) => {
      const app = await buildApp({ ...testConfig({ dataDir, storage: { ...s3.storage } }), databaseUrl: database.url });
      await app.ready();
      return app;
    }),
  );
  [a, b] = [first!, second!];
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
  for (const dir of [...dataDirs, unusedFolder]) rmSync(dir, { recursive: true, force: true });
});

/** Whether an instance's data folder holds a file: with S3 storage, none should. */
const onDisk = (instance: number, path: string) => existsSync(join(dataDirs[instance]!, path));

describe('uploads on two instances sharing one bucket', () => {
  it("reads a member's progress photo through the other instance (photo route, media route, export) and deletes it with the account there", async () => {
    const member = await trainingMember(a);
    const uploaded = await uploadPhoto(a, member.token);
    expect(uploaded.status).toBe(201);
    const row = await a.orm.em.fork().findOneOrFail(Media, uploaded.body.image.id);
    const stored = (await uploadStorage(a.config).get(row.path))!;
    expect(await s3.keys(row.path)).toEqual([row.path]);
    expect(onDisk(0, row.path)).toBe(false);

    const photo = await b.inject({
      method: 'GET',
      url: `/api/user/image/${row.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(stored)).toBe(true);
    const media = await b.inject({
      method: 'GET',
      url: `/api/media/${row.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(media.rawPayload.equals(stored)).toBe(true);
    const exported = await rest(b, 'GET', '/api/user/export', { token: member.token });
    expect(exported.body.photos.map((p: { base64: string }) => p.base64)).toEqual([stored.toString('base64')]);
    expect(onDisk(1, row.path)).toBe(false);

    const admin = await signedInAdmin(b);
    expect((await rest(b, 'DELETE', `/api/admin/admin/${member.userId}`, { token: admin.token })).status).toBe(200);
    expect(await s3.keys(row.path)).toEqual([]);
    expect(
      (
        await a.inject({
          method: 'GET',
          url: `/api/media/${row.id}`,
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("streams an admin's video uploaded through one instance with ranges through the other, over HTTP", async () => {
    const admin = await signedInAdmin(a);
    const body = await multipart({}, [{ name: 'video', filename: 'demo.mp4', type: 'video/mp4', data: mp4 }]);
    const uploaded = await postMultipart(a, '/api/admin/form_group/video', body, admin.token);
    expect(uploaded.status).toBe(201);
    // A signed address is relative: any instance, under any host name, answers it.
    const address = new URL(uploaded.body.video.path, 'http://any.host');
    const base = await b.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}${address.pathname}${address.search}`;
    const size = mp4.length;

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);
    const etag = whole.headers.get('etag')!;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetch(url, { headers: { range, 'if-range': etag } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(mp4.subarray(start, end + 1))).toBe(true);
    }
    const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    await past.body?.cancel();
    // A stale If-Range gets the whole file.
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"another-version"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(size);
  });

  it('seeds the meal pictures into the bucket, and either instance serves them', async () => {
    const em = a.orm.em.fork();
    const seeded = await em.find(Media, { kind: 'meal_image' }, { fields: ['path'] });
    // Start from a database and a bucket without the nutrition content.
    await Promise.all(seeded.map((m) => uploadStorage(a.config).delete(m.path)));
    await em.nativeDelete(Meal, {});
    await em.nativeDelete(MealGroup, {});
    await em.nativeDelete(Media, { kind: 'meal_image' });
    expect(await s3.keys('uploads/seed-meal-')).toEqual([]);

    expect(await seedNutrition(em, a.config)).toBe(true);
    const pictures = await em.fork().find(Media, { kind: 'meal_image' });
    expect(pictures.length).toBeGreaterThan(10);
    expect(await s3.keys('uploads/seed-meal-')).toEqual([...new Set(pictures.map((m) => m.path))].sort());
    expect(pictures.filter((m) => onDisk(0, m.path) || onDisk(1, m.path))).toEqual([]);

    const member = await trainingMember(b, { channel: CHANNEL.superhuman });
    const meal = await em.fork().findOneOrFail(Meal, { image: { $ne: null } }, { populate: ['image'] });
    const res = await rest(b, 'GET', `/api/user/meal/${meal.id}`, { token: member.token });
    expect(res.status).toBe(200);
    const image = mealSchema.parse(res.body).data.image_base64!;
    expect(Buffer.from(image, 'base64').equals((await uploadStorage(b.config).get(meal.image!.path))!)).toBe(true);
  });
});
