import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROLE, SERVER_MESSAGE, WARRIOR_MESSAGE } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { Media } from '../entities/index.ts';
import type { IMedia, MediaKind } from '../entities/Media.ts';
import { DomainError, notFound, validationError } from '../errors.ts';
import { recordAdminRead } from './audit.ts';
import type { Actor, ServiceContext } from './context.ts';
import { assertCanTrain } from './access.ts';

/** Formats accepted as photos; anything else (including a renamed PDF or script) is refused after sniffing. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
/** Longest side of a stored photo: plenty for a progress photo, small enough to send as base64. */
const PHOTO_MAX_SIDE = 1600;

const absolute = (config: Pick<AppConfig, 'dataDir'>, media: Pick<IMedia, 'path'>) => join(config.dataDir, media.path);

/**
 * Re-encodes an uploaded photo to JPEG: the content is sniffed (the name and declared type are ignored), the
 * orientation applied, metadata (EXIF, GPS, ICC) dropped and the size capped. 422 when it is not an image.
 */
export async function reencodePhoto(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: 60_000_000 }).metadata();
    if (!meta.format || !PHOTO_FORMATS.has(meta.format)) throw new Error(`format ${meta.format}`);
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: 60_000_000, animated: false })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw validationError('image', WARRIOR_MESSAGE.imageInvalid);
  }
}

/** Side of the square thumbnail kept in the media row: a list row's picture, small enough to inline as base64. */
const THUMBNAIL_SIDE = 240;

/** A square JPEG thumbnail of an image, cropped to its centre. */
export async function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' }).jpeg({ quality: 72, mozjpeg: true }).toBuffer();
}

/**
 * Stores a re-encoded JPEG under `path` (a generated name unless given) with its thumbnail and a media row; the file is
 * removed again when the row cannot be written. An existing file at a given path is kept (seeded images are shared).
 */
export async function storeImage(
  ctx: { em: ServiceContext['em']; config: Pick<AppConfig, 'dataDir'> },
  kind: MediaKind,
  image: { data: Buffer; width: number; height: number },
  opts: { ownerId?: number | null; path?: string } = {},
): Promise<IMedia> {
  const path = opts.path ?? `uploads/${randomUUID()}.jpg`;
  const target = absolute(ctx.config, { path });
  await mkdir(join(ctx.config.dataDir, 'uploads'), { recursive: true, mode: 0o700 });
  let written = false;
  try {
    await writeFile(target, image.data, { mode: 0o600, flag: 'wx' });
    written = true;
  } catch (err) {
    if (!opts.path || (err as { code?: string }).code !== 'EEXIST') throw err;
  }
  try {
    const media = ctx.em.create(Media, {
      kind, path, mime: 'image/jpeg', size: image.data.length, width: image.width, height: image.height,
      owner: opts.ownerId ?? null, thumbnail: await thumbnailOf(image.data),
    });
    await ctx.em.flush();
    return media;
  } catch (err) {
    if (written) await unlink(target).catch(() => {});
    throw err;
  }
}

/** POST user/image: stores a member's progress photo under a generated name; only they (and admins) may use it. */
export async function uploadProgressPhoto(ctx: ServiceContext, actor: Actor, read: () => Promise<Buffer | null>): Promise<{ image: { id: number } }> {
  // Who may train is settled before the upload is read.
  await assertCanTrain(ctx.em, actor.user);
  const file = await read();
  if (!file || file.length === 0) throw validationError('image', WARRIOR_MESSAGE.imageRequired);
  const media = await storeImage(ctx, 'progress_photo', await reencodePhoto(file), { ownerId: actor.user.id });
  return { image: { id: media.id } };
}

/** A stored file's bytes as base64, or null when the file is gone from disk. */
export async function mediaBase64(config: Pick<AppConfig, 'dataDir'>, media: Pick<IMedia, 'path'>): Promise<string | null> {
  try {
    return (await readFile(absolute(config, media))).toString('base64');
  } catch {
    return null;
  }
}

/**
 * GET user/image/{id}: a progress photo, for its owner or an admin (whose read goes to the audit log); another
 * member is refused (403), an unknown id is 404.
 */
export async function readPhoto(ctx: ServiceContext, actor: Actor, id: number): Promise<{ mime: string; data: Buffer }> {
  const media = await ctx.em.findOne(Media, { id, kind: 'progress_photo' });
  if (!media) throw notFound('Image not found.');
  const isAdmin = actor.user.role === ROLE.admin;
  if (media.owner?.id !== actor.user.id && !isAdmin) throw new DomainError('FORBIDDEN', SERVER_MESSAGE.unauthorized);
  let data: Buffer;
  try {
    data = await readFile(absolute(ctx.config, media));
  } catch {
    throw notFound('Image not found.');
  }
  if (isAdmin) {
    recordAdminRead(ctx, actor, { action: 'progress_photo.read', memberId: media.owner?.id ?? null, objectType: 'media', objectId: media.id });
    await ctx.em.flush();
  }
  return { mime: media.mime, data };
}

/**
 * Removes a member's uploaded files from disk; call before deleting the account (the rows go with the user by
 * cascade, the files would stay behind).
 */
export async function deleteMemberFiles(ctx: Pick<ServiceContext, 'em' | 'config'>, memberId: number): Promise<number> {
  const media = await ctx.em.find(Media, { owner: memberId }, { fields: ['path'] });
  await Promise.all(media.map((m) => unlink(absolute(ctx.config, m)).catch(() => {})));
  return media.length;
}

/**
 * An uploaded file a record refers to (a meal's image, a page's video...): null when no id is given; a 422 on `field`
 * when the id names no media of these kinds (an admin cannot attach a member's progress photo to a meal).
 */
export async function attachableMedia(em: ServiceContext['em'], id: number | null | undefined, kinds: readonly MediaKind[], field: string): Promise<IMedia | null> {
  if (id === null || id === undefined) return null;
  const media = await em.findOne(Media, { id, kind: { $in: [...kinds] } });
  if (!media) throw validationError(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
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
 * progress photos stay behind their owner check.
 */
export function mediaUrl(config: Pick<AppConfig, 'jwtSecret' | 'appUrl'>, media: { id: number } | null | undefined, now = Date.now()): string | null {
  if (!media) return null;
  // Rounded to the hour so the same address (and the browser's cache of it) serves for a while.
  const expires = Math.ceil(now / 1000 / 3600) * 3600 + MEDIA_URL_TTL_SECONDS;
  return `${config.appUrl}/api/media/${media.id}?expires=${expires}&signature=${mediaSignature(config, media.id, expires)}`;
}
