import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ADMIN_MEDIA_KINDS, mediaField, type AdminMediaKind } from '@evolution/shared';
import { validationError } from '../../../errors.ts';
import { uploadContentMedia } from '../../../services/media.ts';
import { adminProcedure } from '../../../trpc/init.ts';

const isKind = (value: unknown): value is AdminMediaKind => (ADMIN_MEDIA_KINDS as readonly unknown[]).includes(value);

/**
 * admin.media.upload: the upload routes of docs/spec/admin.md §7 as FormData (`kind`: meal_image, page_video…, and the
 * file as `image` or `video`), through the same service. tRPC reads FormData within the one-photo limit of
 * limitFormData (about 10 MB): larger videos go through POST /api/admin/{…}/video, as the admin screens send them.
 */
export const uploadMediaRoute = adminProcedure
  // FormData has no zod schema: its kind and file are read here, the file's content by the service.
  .input((raw: unknown) => raw as FormData)
  .mutation(async ({ ctx, input }) => {
    const kind = input instanceof FormData ? input.get('kind') : null;
    if (!isKind(kind)) throw validationError('kind', 'The selected kind is invalid.');
    const file = input.get(mediaField(kind));
    return uploadContentMedia(ctx.svc, {
      kind,
      file:
        file instanceof Blob
          ? { chunks: Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>), truncated: () => false }
          : null,
    });
  });
