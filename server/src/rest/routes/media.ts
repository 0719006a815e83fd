import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_MESSAGE, mediaIdInput, mediaSignedQuery } from '@evolution/shared';
import { openMedia } from '../../services/media.ts';
import { parseByteRange } from '../../services/mediaFormat.ts';
import { requireUser, restContext, route } from '../route.ts';

/** The longest a browser keeps a file: stored files never change (a new upload gets a new id and name). */
const MAX_AGE_SECONDS = 24 * 60 * 60;

/** GET /api/media/{id}: uploaded files, with HTTP range requests so a player can seek without loading a whole video. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:id',
    route({
      summary:
        'An uploaded file (picture or video). Page, meal and form group media: with the signed address of their path (expires, signature) or the bearer token of a user who may read their records (403 otherwise); progress photos only with the token of their owner or an admin. Supports Range (206, 416).',
      tags: ['Media'],
      // A signed address needs no token, so the caller is checked in the handler, after the path's 404.
      who: 'public',
      params: mediaIdInput,
      query: mediaSignedQuery,
      response: {
        200: 'image/jpeg, video/mp4, video/webm',
        206: 'image/jpeg, video/mp4, video/webm',
        304: 'Not modified',
        401: 'Neither a signature nor a valid bearer token',
        403: 'Invalid or expired signature, or not yours',
        404: 'No such media',
        416: 'Range not satisfiable',
      },
    }),
    async (req, reply) => {
      const query = req.query;
      const signed = query.signature !== undefined || query.expires !== undefined;
      // A signed address is the permission itself: a page of any origin (the app under another host name, a third
      // party's site) may show the picture or play the video. A token's read stays same-origin, as helmet sets it.
      if (signed) reply.header('cross-origin-resource-policy', 'cross-origin');
      else req.actor = await requireUser(req);
      const found = await openMedia(restContext(req), { ...req.params, ...query });

      const etag = `"m${found.media.id}-${found.size}"`;
      // A signed address is cached until it expires (at most a day); a token's read stays private to that browser.
      const expires = Number(query.expires);
      const maxAge = signed ? Math.max(0, Math.min(MAX_AGE_SECONDS, Math.floor(expires - Date.now() / 1000))) : 3600;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', found.modified.toUTCString())
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-disposition', 'inline')
        .type(found.media.mime);
      if (!signed) reply.header('vary', 'Authorization');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();

      // An If-Range that names another version of the file asks for the whole file.
      const ifRange = req.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : parseByteRange(req.headers.range, found.size);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${found.size}`)
          .type('application/json')
          .send({ message: MEDIA_MESSAGE.rangeNotSatisfiable });
      }
      if (range)
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
          .header('content-length', range.end - range.start + 1);
      else reply.header('content-length', found.size);
      // A HEAD gets the headers alone: Fastify would read a body stream through to discard it (a whole video from S3).
      if (req.method === 'HEAD' || found.size === 0) return reply.send(Readable.from([]));
      return reply.send(await found.open(range ?? undefined));
    },
  );
};
