import { PHOTO_MAX_BYTES, WARRIOR_MESSAGE } from '@evolution/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError, validationError } from '../errors.ts';

/** The most a FormData call may carry: one photo and the multipart framing around it. */
const FORM_DATA_LIMIT = PHOTO_MAX_BYTES + 64 * 1024;

/**
 * tRPC reads FormData inputs (progress photos) itself, with no size limit of its own: in this scope a multipart
 * call must say its length up front and stay within one photo, or it is refused before a byte is read.
 */
export function limitFormData(scope: FastifyInstance): void {
  // A refused photo or video (tRPC admin.media.upload) is read through before its answer, as on the REST upload routes.
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, takesUploads: true };
  });
  scope.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (!type || !/^multipart\/form-data/i.test(type)) return;
    // tRPC recognises FormData only by the lower-case media type: any other spelling is made lower-case here.
    req.headers['content-type'] = type.replace(/^multipart\/form-data/i, 'multipart/form-data');
    const length = Number(req.headers['content-length']);
    if (!(length > 0)) throw new DomainError('BAD_REQUEST', 'An upload must send its Content-Length.');
    if (length > FORM_DATA_LIMIT) throw validationError('image', WARRIOR_MESSAGE.imageTooLarge);
  });
}
