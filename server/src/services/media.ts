import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  INTRODUCTION_PAGE,
  MEDIA_MESSAGE,
  PHOTO_MESSAGE,
  ROLE,
  SERVER_MESSAGE,
  WARRIOR_MESSAGE,
  mediaField,
  mediaIdInput,
  mediaSignedQuery,
  photoUploadInput,
  type AdminMediaKind,
  type MediaUploaded,
} from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { anyOf, db, type Database } from '../db/kysely.ts';
import { Media, Page } from '../entities/index.ts';
import type { IMedia, MediaKind } from '../entities/Media.ts';
import { DomainError, isUniqueViolation, notFound, validationError } from '../errors.ts';
import { recordAdminRead } from './audit.ts';
import type { Actor, ServiceContext, SignedInContext } from './context.ts';
import { assertCanTrain, assertContentAccess, assertSuperhumanAccess } from './access.ts';
import {
  ForeignContentScan,
  SNIFF_BYTES,
  foreignImageContent,
  sniffVideo,
  type ByteRange,
  type ForeignContent,
} from './mediaFormat.ts';
import { hit } from './rateLimit.ts';
import { StoredFileTooLarge, uploadStorage, type StorageSettings } from './storage.ts';

/** Formats accepted as photos; anything else (including a renamed PDF or script) is refused after sniffing. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
/** Longest side of a stored photo: plenty for a progress photo, small enough to send as base64. */
const PHOTO_MAX_SIDE = 1600;

/**
 * Re-encodes an uploaded photo to JPEG: the content is sniffed (the name and declared type are ignored), the
 * orientation applied, metadata (EXIF, GPS, ICC) dropped and the size capped. 422 when it is not an image.
 */
async function reencodePhoto(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  return reencodeImage(input, PHOTO_FORMATS, WARRIOR_MESSAGE.imageInvalid);
}

/** Formats an admin may upload as a page's or a meal's picture (docs/spec/admin.md: JPEG, PNG, WebP). */
const CONTENT_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Most pixels an uploaded image may have: a 50-megapixel phone photo passes, a decompression bomb (a small file that
 * declares 50000 x 50000 pixels, gigabytes once decoded) is refused from its header before anything is decoded.
 */
const IMAGE_MAX_PIXELS = 60_000_000;
/** The 422 message for an image over IMAGE_MAX_PIXELS. */
export const IMAGE_TOO_MANY_PIXELS = `The image may not have more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`;
/** The 422 message for an image or a video that is also another kind of file (a polyglot). */
const foreignContentMessage = (field: 'image' | 'video', found: ForeignContent) =>
  `The ${field} may only contain the ${field}: this file also holds ${found}.`;

/**
 * Re-encodes an image of one of `formats` to a JPEG without metadata (see reencodePhoto). 422 `invalid` when it is
 * not one, and 422 with its own message for a decompression bomb or a polyglot (an image that is also a ZIP, a web
 * page...): the re-encode would drop the rest, but such a file is an attack and is refused as one.
 */
async function reencodeImage(
  input: Buffer,
  formats: ReadonlySet<string>,
  invalid: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  let meta;
  try {
    // The header alone: nothing is decoded yet (sharp refuses a header over the pixel limit here already).
    meta = await sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch (err) {
    throw validationError('image', /pixel limit/i.test((err as Error).message) ? IMAGE_TOO_MANY_PIXELS : invalid);
  }
  if (!meta.format || !formats.has(meta.format)) throw validationError('image', invalid);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw validationError('image', IMAGE_TOO_MANY_PIXELS);
  const foreign = foreignImageContent(input, meta.format);
  if (foreign) throw validationError('image', foreignContentMessage('image', foreign));
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw validationError('image', invalid);
  }
}

/** Side of the square thumbnail kept in the media row: a list row's picture, small enough to inline as base64. */
const THUMBNAIL_SIDE = 240;

/** A square JPEG thumbnail of an image, cropped to its centre. */
async function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
}

/**
 * Stores a re-encoded JPEG under `path` (a generated name unless given) with its thumbnail and a media row; the file is
 * removed again when the row cannot be written. An existing file at a given path is kept (seeded images are shared).
 * `beforeInsert` runs in the row's transaction, before the row is written: a refusal it throws leaves no file either.
 */
export async function storeImage(
  ctx: { em: ServiceContext['em']; config: StorageSettings },
  kind: MediaKind,
  image: { data: Buffer; width: number; height: number },
  opts: {
    ownerId?: number | null;
    path?: string;
    idempotencyKey?: string | null;
    beforeInsert?: (tx: ServiceContext['em']) => Promise<void>;
  } = {},
): Promise<IMedia> {
  const path = opts.path ?? `uploads/${randomUUID()}.jpg`;
  const storage = uploadStorage(ctx.config);
  // A seeded picture's name comes from its content: one already stored is the same picture.
  const written = !(opts.path && (await storage.stat(path)));
  if (written) await storage.put(path, image.data, 'image/jpeg');
  try {
    const thumbnail = await thumbnailOf(image.data);
    const insert = async (em: ServiceContext['em']) => {
      await opts.beforeInsert?.(em);
      const media = em.create(Media, {
        kind,
        path,
        mime: 'image/jpeg',
        size: image.data.length,
        width: image.width,
        height: image.height,
        owner: opts.ownerId ?? null,
        thumbnail,
        idempotencyKey: opts.idempotencyKey ?? null,
      });
      await em.flush();
      return media;
    };
    return opts.beforeInsert ? await ctx.em.transactional(insert) : await insert(ctx.em);
  } catch (err) {
    if (written) await storage.delete(path).catch(() => {});
    throw err;
  }
}

/** The constraint that lets a member's idempotency key name one uploaded photo only. */
const PHOTO_KEY_CONSTRAINT = 'media_owner_id_idempotency_key_unique';

/** The id of the photo the member uploaded with `key`, or null. */
async function keyedPhoto(em: ServiceContext['em'], ownerId: number, key: string): Promise<number | null> {
  return (await em.findOne(Media, { owner: ownerId, idempotencyKey: key }, { fields: ['id'] }))?.id ?? null;
}

/** Only a member who may train uploads progress photos (403): checked before anything the upload carries is read. */
export const mayUploadPhoto = (ctx: SignedInContext) => assertCanTrain(ctx.em, ctx.actor.me, ctx.actor.membership);

/** How long a progress photo waits for a submission (a data analysis) before the hourly clean-up deletes it. */
const UNSUBMITTED_PHOTO_HOURS = 24;

/** The chamber snapshot columns that put a progress photo in a submission (entities/ChamberSnapshot.ts). */
const SNAPSHOT_IMAGES = ['image1_id', 'image2_id', 'image3_id'] as const;

/**
 * Progress photos (`m`) no data analysis has used: found by the small partial index of those not marked submitted
 * (media_unsubmitted_photos_index), and checked against the snapshots too (one anti-join per indexed column), so a
 * photo a snapshot names is never counted as waiting, however it got there.
 */
const unsubmittedPhotos = (kysely: Kysely<Database>) =>
  kysely
    .selectFrom('media as m')
    .where('m.kind', '=', 'progress_photo')
    .where('m.submitted_at', 'is', null)
    .where((eb) =>
      eb.and(
        SNAPSHOT_IMAGES.map((column) =>
          eb.not(
            eb.exists(eb.selectFrom('chamber_snapshots as c').select('c.id').whereRef(`c.${column}`, '=', 'm.id')),
          ),
        ),
      ),
    );

/** 422 when the member already holds PHOTO_UNSUBMITTED_MAX photos no submission uses (counted up to that many). */
async function assertRoomForPhoto(ctx: Pick<ServiceContext, 'em' | 'config'>, ownerId: number): Promise<void> {
  const max = ctx.config.photoLimits.unsubmitted;
  const kysely = db(ctx.em);
  const { n } = await kysely
    .selectFrom(unsubmittedPhotos(kysely).select('m.id').where('m.owner_id', '=', ownerId).limit(max).as('u'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n >= max) throw validationError('image', PHOTO_MESSAGE.tooManyUnsubmitted);
}

/**
 * The count of a member's unsubmitted photos and the new row, made one at a time per member: the member's row is
 * locked first, so two uploads at once never both see room for one more. A resend of a stored key skips the count:
 * its insert meets the key's unique index and answers the first upload.
 */
const roomForPhoto =
  (ctx: Pick<ServiceContext, 'config'>, ownerId: number, key: string | null) => async (tx: ServiceContext['em']) => {
    await db(tx).selectFrom('users').select('id').where('id', '=', ownerId).forNoKeyUpdate().execute();
    if (key && (await keyedPhoto(tx, ownerId, key)) !== null) return;
    await assertRoomForPhoto({ em: tx, config: ctx.config }, ownerId);
  };

/**
 * POST user/image: stores a member's progress photo under a generated name; only they (and admins) may use it. An
 * upload sent with an idempotency key the member already used answers that upload's photo and stores nothing. At most
 * PHOTO_UPLOADS_PER_HOUR uploads an hour (429), and PHOTO_UNSUBMITTED_MAX photos waiting for a submission (422).
 */
export async function uploadProgressPhoto(
  ctx: SignedInContext,
  input: z.output<typeof photoUploadInput> & { image: () => Promise<Buffer | null> },
): Promise<{ body: { image: { id: number } }; replayed: boolean }> {
  const { actor } = ctx;
  const { idempotency_key: key, image: read } = input;
  // Who may train is settled before the upload is read (the doors bind it before the key too).
  await mayUploadPhoto(ctx);
  const answer = (id: number, replayed: boolean) => ({ body: { image: { id } }, replayed });
  // A resend is answered before its file is read: the photo it carries is the one already stored.
  const first = key ? await keyedPhoto(ctx.em, actor.user.id, key) : null;
  if (first !== null) return answer(first, true);
  // Every new upload counts, refused ones too: re-encoding is the costly part. Then a cheap look at the quota before the
  // file is read; the count that holds is made again under the member's lock as the row is written.
  await hit(ctx.limits.photoUpload, String(actor.user.id));
  await assertRoomForPhoto(ctx, actor.user.id);
  const file = await read();
  if (!file || file.length === 0) throw validationError('image', WARRIOR_MESSAGE.imageRequired);
  try {
    // Stored from a fork: a row the unique index refuses is dropped with it, never flushed again by this request.
    const media = await storeImage(
      { em: ctx.em.fork(), config: ctx.config },
      'progress_photo',
      await reencodePhoto(file),
      {
        ownerId: actor.user.id,
        idempotencyKey: key ?? null,
        beforeInsert: roomForPhoto(ctx, actor.user.id, key ?? null),
      },
    );
    return answer(media.id, false);
  } catch (err) {
    // Two sends of one key at once: the index lets the first row in, the later one's file is already removed and it answers the first.
    if (!key || !isUniqueViolation(err, PHOTO_KEY_CONSTRAINT)) throw err;
    const winner = await keyedPhoto(ctx.em, actor.user.id, key);
    if (winner === null) throw err;
    return answer(winner, true);
  }
}

/** A stored file's bytes as base64, or null when the file is gone from the store. */
export async function mediaBase64(config: StorageSettings, media: Pick<IMedia, 'path'>): Promise<string | null> {
  return (await uploadStorage(config).get(media.path))?.toString('base64') ?? null;
}

/**
 * GET user/image/{id}: a progress photo, for its owner or an admin (whose read goes to the audit log); another
 * member is refused (403), an unknown id is 404.
 */
export async function readPhoto(ctx: SignedInContext, { id }: { id: number }): Promise<{ mime: string; data: Buffer }> {
  const actor = ctx.actor;
  const media = await ctx.em.findOne(Media, { id, kind: 'progress_photo' });
  if (!media) throw notFound('Image not found.');
  const isAdmin = actor.user.role === ROLE.admin;
  if (media.owner?.id !== actor.user.id && !isAdmin) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  const data = await uploadStorage(ctx.config).get(media.path);
  if (!data) throw notFound('Image not found.');
  if (isAdmin) await auditPhotoRead(ctx, actor, media);
  return { mime: media.mime, data };
}

/** An admin's read of a progress photo goes to the audit log, whichever address it was read at. */
async function auditPhotoRead(ctx: ServiceContext, admin: Actor, photo: IMedia) {
  recordAdminRead(ctx, admin, {
    action: 'progress_photo.read',
    memberId: photo.owner?.id ?? null,
    objectType: 'media',
    objectId: photo.id,
  });
  await ctx.em.flush();
}

/**
 * Removes a member's uploaded files from the store; call before deleting the account (the rows go with the user by
 * cascade, the files would stay behind).
 */
export async function deleteMemberFiles(ctx: Pick<ServiceContext, 'em' | 'config'>, memberId: number): Promise<number> {
  const media = await ctx.em.find(Media, { owner: memberId }, { fields: ['path'] });
  const storage = uploadStorage(ctx.config);
  // A file already gone counts as deleted; a store that cannot be reached fails the deletion before any row goes.
  await Promise.all(media.map((m) => storage.delete(m.path)));
  return media.length;
}

/** Photos the clean-up deletes per transaction: their rows stay locked only while their files are deleted. */
const CLEANUP_BATCH = 200;

/**
 * The hourly clean-up: deletes progress photos no submission uses once they are UNSUBMITTED_PHOTO_HOURS old, file
 * first, then row. A file the store would not delete keeps its row (a row without its file only reads as 404; a file
 * without its row would never be found again), so the next run tries it again; the run then fails, to be seen.
 * Answers how many photos went.
 */
export async function deleteUnsubmittedPhotos(ctx: {
  em: ServiceContext['em'];
  config: StorageSettings;
}): Promise<number> {
  const storage = uploadStorage(ctx.config);
  let deleted = 0;
  let failed = 0;
  let after = 0;
  for (let more = true; more;) {
    await ctx.em.fork().transactional(async (tx) => {
      const kysely = db(tx);
      // Locked as found: a data analysis that names one of them now waits for this transaction, and one being written
      // (its insert holds the photo row's key-share lock) is skipped until the next run.
      const locked = await unsubmittedPhotos(kysely)
        .select('m.id')
        .where('m.id', '>', after)
        .where('m.created_at', '<', sql<string>`now() - make_interval(hours => ${UNSUBMITTED_PHOTO_HOURS})`)
        .orderBy('m.id')
        .limit(CLEANUP_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      more = locked.length === CLEANUP_BATCH;
      if (!locked.length) return;
      after = locked.at(-1)!.id;
      // Read again once locked: a submission that committed while the first read ran is seen now, and none can follow.
      const photos = await unsubmittedPhotos(kysely)
        .select(['m.id', 'm.path'])
        .where('m.id', '=', anyOf(locked.map((m) => m.id)))
        .execute();
      const results = await Promise.allSettled(photos.map((m) => storage.delete(m.path)));
      const gone = photos.filter((_, i) => results[i]!.status === 'fulfilled').map((m) => m.id);
      failed += photos.length - gone.length;
      if (gone.length) await kysely.deleteFrom('media').where('id', '=', anyOf(gone)).execute();
      deleted += gone.length;
    });
  }
  if (failed)
    throw new Error(`${failed} unsubmitted photo files could not be deleted; their rows are kept for the next run.`);
  return deleted;
}

/** Room for the multipart framing around one file when a declared Content-Length is checked against a size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The size message for a field's limit ('The video may not be greater than 204800 kilobytes.', as MEDIA_MESSAGE says for the defaults). */
const tooLarge = (field: 'image' | 'video', limit: number) =>
  validationError(field, `The ${field} may not be greater than ${Math.floor(limit / 1024)} kilobytes.`);
const required = (field: 'image' | 'video') =>
  validationError(field, field === 'image' ? MEDIA_MESSAGE.imageRequired : MEDIA_MESSAGE.videoRequired);

/**
 * Refuses an upload whose declared length is already over the field's limit, before a byte of it is read (a 422 with
 * the size message). A request without a length is limited while it is read instead.
 */
export function assertUploadLength(
  ctx: SignedInContext,
  { kind, contentLength }: { kind: AdminMediaKind; contentLength: string | undefined },
): void {
  const field = mediaField(kind);
  const length = Number(contentLength);
  const limit = ctx.config.mediaMaxBytes[field];
  if (Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD) throw tooLarge(field, limit);
}

/**
 * One uploaded file as a route hands it over: its bytes as they arrive (multipart streams them; a limit of one byte
 * over the field's maximum lets an overflow be seen) and whether the parser cut it short at that limit.
 */
export interface UploadedFile {
  chunks: AsyncIterable<Uint8Array>;
  truncated: () => boolean;
}

/** An image's bytes, read within its limit (422 when over it). */
async function readLimited(file: UploadedFile, field: 'image' | 'video', limit: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.chunks) {
    size += chunk.length;
    if (size > limit) throw tooLarge(field, limit);
    parts.push(chunk);
  }
  if (file.truncated()) throw tooLarge(field, limit);
  return Buffer.concat(parts);
}

/**
 * Streams an uploaded video to the store under a generated name: its first bytes are sniffed before anything is
 * written (422 unless MP4 or WebM), its size is capped as it arrives (422 past the limit), it is scanned for another
 * format inside it (422 for a polyglot), and the stored file is removed again whenever the upload or the media row
 * fails, so a refused upload leaves nothing behind.
 */
async function storeVideo(
  ctx: { em: ServiceContext['em']; config: StorageSettings & Pick<AppConfig, 'mediaMaxBytes'> },
  kind: AdminMediaKind,
  file: UploadedFile,
): Promise<IMedia> {
  const limit = ctx.config.mediaMaxBytes.video;
  // The iterator is read by hand: leaving a for-await loop after the first bytes would end the upload's stream.
  const chunks = file.chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headSize = 0;
  while (headSize < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headSize += next.value.length;
    if (headSize > limit) throw tooLarge('video', limit);
  }
  const rest = headSize >= SNIFF_BYTES;
  if (headSize === 0) throw required('video');
  const format = sniffVideo(Buffer.concat(head));
  if (!format) throw validationError('video', MEDIA_MESSAGE.videoInvalid);

  const scan = new ForeignContentScan({ video: true });
  async function* whole() {
    for (const chunk of head) {
      scan.push(chunk);
      yield chunk;
    }
    for (let next = rest ? await chunks.next() : null; next && !next.done; next = await chunks.next()) {
      scan.push(next.value);
      yield next.value;
    }
  }
  const path = `uploads/${randomUUID()}.${format.ext}`;
  const storage = uploadStorage(ctx.config);
  let size: number;
  try {
    size = await storage.putStream(path, whole(), { contentType: format.mime, maxBytes: limit });
  } catch (err) {
    throw err instanceof StoredFileTooLarge ? tooLarge('video', limit) : err;
  }
  try {
    if (file.truncated()) throw tooLarge('video', limit);
    const foreign = scan.finish();
    if (foreign) throw validationError('video', foreignContentMessage('video', foreign));
    const media = ctx.em.create(Media, {
      kind,
      path,
      mime: format.mime,
      size,
      width: null,
      height: null,
      owner: null,
      thumbnail: null,
    });
    await ctx.em.flush();
    return media;
  } catch (err) {
    await storage.delete(path).catch(() => {});
    throw err;
  }
}

/**
 * POST admin/{meal,page}/image, admin/{meal,page,form_group}/video: stores an admin's upload for a record (owner
 * none) and answers its id and signed address. Images (JPEG, PNG, WebP, 10 MB) are re-encoded without metadata;
 * videos (MP4, WebM, 200 MB) are sniffed and streamed to the store as they are. 422 for a missing, wrong or too large file.
 */
export async function uploadContentMedia(
  ctx: SignedInContext,
  { kind, file }: { kind: AdminMediaKind; file: UploadedFile | null },
): Promise<MediaUploaded> {
  const field = mediaField(kind);
  if (!file) throw required(field);
  if (field === 'video') {
    const media = await storeVideo(ctx, kind, file);
    return { video: { id: media.id, path: mediaUrl(ctx.config, media) } };
  }
  const data = await readLimited(file, 'image', ctx.config.mediaMaxBytes.image);
  if (data.length === 0) throw required('image');
  const media = await storeImage(
    ctx,
    kind,
    await reencodeImage(data, CONTENT_IMAGE_FORMATS, MEDIA_MESSAGE.imageInvalid),
  );
  return { image: { id: media.id, path: mediaUrl(ctx.config, media) } };
}

/** What signs media addresses: the app's secret (AppConfig, or any part of it holding it). */
export type MediaSigner = Pick<AppConfig, 'jwtSecret'>;

/**
 * A media file asked for by its id: with the signed address's expires and signature (no token), or with neither by a
 * signed-in user (the context's actor).
 */
export type MediaRequest = z.output<typeof mediaIdInput> & z.output<typeof mediaSignedQuery>;

/** A stored file a reader may have: its row, its size and time of writing, and a way to read it or a range of it. */
export interface MediaFile {
  media: IMedia;
  size: number;
  modified: Date;
  /** The file's bytes (one range of them when given); 404 when the file went from the store meanwhile. */
  open(range?: ByteRange): Promise<Readable>;
}

/** Whether a signed address is genuine and not yet expired (signature compared in constant time). */
function validMediaSignature(
  config: Pick<AppConfig, 'jwtSecret'>,
  id: number,
  expires: unknown,
  signature: unknown,
  now = Date.now(),
): boolean {
  const at =
    typeof expires === 'string' && /^\d{1,12}$/.test(expires)
      ? Number(expires)
      : typeof expires === 'number'
        ? expires
        : NaN;
  if (!Number.isInteger(at) || at * 1000 <= now || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature))
    return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(mediaSignature(config, id, at), 'hex'));
}

/**
 * GET /api/media/{id}: the file a reader may have. Content media (page, meal and form group pictures and videos) for
 * a valid signed address, or a signed-in user who may read their records (meals: superhuman; programme: may train;
 * introduction pages: every member; admins: all); a progress photo never by a signed address, only for its owner or an
 * admin (whose read goes to the audit log), as GET user/image/{id}. 403 otherwise; 404 for no such media or file.
 */
export async function openMedia(ctx: ServiceContext, { id, expires, signature }: MediaRequest): Promise<MediaFile> {
  const signed = expires !== undefined || signature !== undefined;
  // The signature is checked before the id is looked up, so an unsigned probe learns nothing about which ids exist.
  if (signed && !validMediaSignature(ctx.config, id, expires, signature)) {
    throw new DomainError('FORBIDDEN', MEDIA_MESSAGE.signatureInvalid);
  }
  // Without a signed address the reader is the signed-in caller.
  const reader = signed ? null : ctx.actor;
  if (!signed && !reader) throw new DomainError('UNAUTHENTICATED', SERVER_MESSAGE.unauthenticated);
  const media = await ctx.em.findOne(Media, { id });
  if (!media) throw notFound(MEDIA_MESSAGE.notFound);
  let auditedAdmin: Actor | null = null;
  if (media.kind === 'progress_photo') {
    if (!reader) throw new DomainError('FORBIDDEN', MEDIA_MESSAGE.signatureInvalid);
    const isAdmin = reader.user.role === ROLE.admin;
    if (media.owner?.id !== reader.user.id && !isAdmin) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
    if (isAdmin && media.owner?.id !== reader.user.id) auditedAdmin = reader;
  } else if (reader) {
    // A token reads what its holder may read through the records: meal media need the superhuman channel, programme
    // media (pages, form groups) the right to train, but an introduction page's media are every member's.
    await assertContentMediaReadable(ctx.em, reader, media);
  }
  const storage = uploadStorage(ctx.config);
  const info = await storage.stat(media.path);
  if (!info) throw notFound(MEDIA_MESSAGE.notFound);
  if (auditedAdmin) await auditPhotoRead(ctx, auditedAdmin, media);
  const open = async (range?: ByteRange) => {
    const stream = await storage.read(media.path, range);
    if (!stream) throw notFound(MEDIA_MESSAGE.notFound);
    return stream;
  };
  return { media, size: info.size, modified: info.modified, open };
}

/** 403 unless the actor may read the records this content media belongs to (admins may read them all). */
async function assertContentMediaReadable(em: ServiceContext['em'], actor: Actor, media: IMedia): Promise<void> {
  if (media.kind === 'meal_image' || media.kind === 'meal_video')
    return assertSuperhumanAccess(em, actor.me, actor.membership);
  if (media.kind === 'page_image' || media.kind === 'page_video') {
    const introductions = Object.values(INTRODUCTION_PAGE) as number[];
    if (await em.count(Page, { id: { $in: introductions }, $or: [{ image: media.id }, { video: media.id }] })) return;
  }
  await assertContentAccess(em, actor.me, undefined, actor.membership);
}

/**
 * An uploaded file a record refers to (a meal's image, a page's video...): null when no id is given; a 422 on `field`
 * when the id names no media of these kinds (an admin cannot attach a member's progress photo to a meal).
 */
export async function attachableMedia(
  em: ServiceContext['em'],
  id: number | null | undefined,
  kinds: readonly MediaKind[],
  field: string,
): Promise<IMedia | null> {
  if (id === null || id === undefined) return null;
  const media = await em.findOne(Media, { id, kind: { $in: [...kinds] } });
  if (!media) throw validationError(field, `The ${field.replace(/_id$/, '')} could not be found: upload it again.`);
  return media;
}

/** How long a signed media address stays valid: long enough to watch a long video, short enough not to be shared. */
const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

/** The signature of a media address: HMAC-SHA256 of the id and expiry with the app's secret (Laravel's signed URLs). */
export function mediaSignature(config: Pick<AppConfig, 'jwtSecret'>, id: number, expires: number): string {
  return createHmac('sha256', config.jwtSecret).update(`media:${id}:${expires}`).digest('hex');
}

/**
 * A signed address of an uploaded file (`/api/media/{id}?expires=…&signature=…`) that a browser's <img> or <video>
 * can load without a bearer token; the media route checks the signature and expiry. Only content media are given one:
 * progress photos stay behind their owner check. Relative, so it loads under whatever host name the app was opened by.
 */
export function mediaUrl(
  config: MediaSigner,
  media: { id: number } | null | undefined,
  now = Date.now(),
): string | null {
  if (!media) return null;
  // Rounded to the hour so the same address (and the browser's cache of it) serves for a while.
  const expires = Math.ceil(now / 1000 / 3600) * 3600 + MEDIA_URL_TTL_SECONDS;
  return `/api/media/${media.id}?expires=${expires}&signature=${mediaSignature(config, media.id, expires)}`;
}
