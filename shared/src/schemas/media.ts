import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/** What an admin uploads for a record: its kind says which route takes it and which form field it is sent as. */
export const ADMIN_MEDIA_KINDS = ['form_group_video', 'meal_image', 'meal_video', 'page_image', 'page_video'] as const;
export type AdminMediaKind = (typeof ADMIN_MEDIA_KINDS)[number];

/** Whether a kind is a picture (field `image`) or a video (field `video`). */
export const mediaField = (kind: AdminMediaKind): 'image' | 'video' => (kind.endsWith('_image') ? 'image' : 'video');

/** The REST path (under /api/admin) that takes an upload of this kind: `meal_image` → `meal/image`. */
export const adminMediaPath = (kind: AdminMediaKind): string => kind.replace(/_(image|video)$/, '/$1');

/**
 * The largest upload of each field: an image is re-encoded on the server (10 MB, as progress photos); a video is
 * streamed to disk as it is (200 MB: a few minutes of phone video at 1080p).
 */
export const MEDIA_MAX_BYTES = { image: 10 * 1024 * 1024, video: 200 * 1024 * 1024 } as const;

/** The MIME types a file picker offers for each field. */
export const MEDIA_ACCEPT = { image: 'image/jpeg,image/png,image/webp', video: 'video/mp4,video/webm' } as const;

/** Laravel's validation messages of the upload routes. */
export const MEDIA_MESSAGE = {
  imageRequired: 'The image field is required.',
  imageInvalid: 'The image must be a file of type: jpeg, png, webp.',
  imageTooLarge: `The image may not be greater than ${MEDIA_MAX_BYTES.image / 1024} kilobytes.`,
  videoRequired: 'The video field is required.',
  videoInvalid: 'The video must be a file of type: mp4, webm.',
  videoTooLarge: `The video may not be greater than ${MEDIA_MAX_BYTES.video / 1024} kilobytes.`,
  signatureInvalid: 'Invalid signature.',
  rangeNotSatisfiable: 'The requested range is not satisfiable.',
  notFound: 'Media not found.',
} as const;

/** An uploaded file as a record refers to it: its id and a signed address a browser can load (null if none). */
const mediaRefSchema = z.object({ id: z.number().int(), path: z.string().nullable() }).meta({ id: 'MediaRef' });
export type MediaRef = z.infer<typeof mediaRefSchema>;

/** 201 of POST admin/{meal,page}/image. */
export const imageUploadedSchema = z.object({ image: mediaRefSchema });
/** 201 of POST admin/{meal,page,form_group}/video. */
export const videoUploadedSchema = z.object({ video: mediaRefSchema });
export type MediaUploaded = { image: MediaRef } | { video: MediaRef };

/** The query of a signed media address (GET /api/media/{id}?expires&signature). */
export const mediaSignedQuery = z.object({
  expires: z.coerce.number().int().optional().describe('Unix time after which the address is refused'),
  signature: z.string().optional().describe('HMAC of the id and expiry; without it a bearer token is needed'),
});
export const mediaIdInput = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
