import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MEDIA_KINDS,
  MEDIA_ACCEPT,
  adminMediaPath,
  imageUploadedSchema,
  mediaField,
  videoUploadedSchema,
  type AdminMediaKind,
} from '@evolution/shared';
import { assertUploadLength, uploadContentMedia, type UploadedFile } from '../../../services/media.ts';
import { asMultipartError } from '../../formFields.ts';
import { route, signedInContext } from '../../route.ts';

const tags = ['Admin: media'];

/** What each upload route stores, for its documentation. */
const RECORD: Record<AdminMediaKind, string> = {
  form_group_video: "a form group's demonstration video",
  meal_image: "a meal's picture",
  meal_video: "a meal's video",
  page_image: "a page's picture",
  page_video: "a page's video",
};

/**
 * Hands the first file of the kind's field (`image` or `video`) to `store` while the request is read, so a video goes
 * to the store as it arrives; the multipart limit of this call is the field's maximum plus one byte, which lets the service
 * see an overflow. Other parts are skipped; no such file gives `store(null)`.
 */
async function withUploadedFile<T>(
  req: FastifyRequest,
  kind: AdminMediaKind,
  store: (file: UploadedFile | null) => Promise<T>,
): Promise<T> {
  const field = mediaField(kind);
  if (!req.isMultipart()) return store(null);
  let result: { value: T } | null = null;
  // What reading the multipart threw is the client's error (asMultipartError), a file cut off while it was being
  // stored included (its stream fails with the body's error); what the store itself threw is passed on as it is.
  let storing: Readable | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: req.server.config.mediaMaxBytes[field] + 1, files: 1 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || result) {
        part.file.resume();
        continue;
      }
      storing = part.file;
      result = { value: await store({ chunks: part.file, truncated: () => part.file.truncated }) };
      storing = null;
    }
  } catch (err) {
    throw storing && storing.errored !== err ? err : asMultipartError(err);
  }
  return result ? result.value : store(null);
}

/** POST admin/{meal,page}/image and admin/{meal,page,form_group}/video (docs/spec/admin.md §7): uploads for records. */
export const adminMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ADMIN_MEDIA_KINDS) {
    const field = mediaField(kind);
    app.post(
      `/${adminMediaPath(kind)}`,
      // No body schema: the multipart file is streamed to the store as it is read, never parsed whole.
      {
        ...route({
          summary: `Upload ${RECORD[kind]} (multipart field ${field}; ${field === 'image' ? 'JPEG, PNG or WebP up to 10 MB, stored re-encoded as JPEG without metadata' : 'MP4 or WebM up to 200 MB, recognised by its content'}); the answer's id is then saved with the record and its path is a signed address`,
          tags,
          who: 'admin',
          upload: z.object({ [field]: z.file().mime(MEDIA_ACCEPT[field].split(',')) }),
          response: { 201: field === 'image' ? imageUploadedSchema : videoUploadedSchema },
        }),
        config: { takesUploads: true },
      },
      async (req, reply) => {
        // The declared length is checked before the body is read; the role was checked by the admin scope. What a
        // refused upload leaves unread is read before its answer goes (app.ts), or its connection closed.
        const ctx = signedInContext(req);
        assertUploadLength(ctx, { kind, contentLength: req.headers['content-length'] });
        const uploaded = await withUploadedFile(req, kind, (file) => uploadContentMedia(ctx, { kind, file }));
        return reply.status(201).send(uploaded);
      },
    );
  }
};
