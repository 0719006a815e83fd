import { z } from 'zod';
import { PHOTO_MAX_BYTES, WARRIOR_MESSAGE, idempotencyKey } from '@evolution/shared';
import { validationError } from '../../errors.ts';
import { mayUploadPhoto, uploadProgressPhoto } from '../../services/media.ts';
import { bindRecord, memberProcedure } from '../../trpc/init.ts';

/** The FormData the app sends (field image, optional field idempotency_key), its key held to the REST header's rule. */
const photoForm = z.preprocess(
  (raw) => {
    const form = raw instanceof FormData ? raw : new FormData();
    return { form, idempotency_key: form.get('idempotency_key') ?? undefined };
  },
  z.object({ form: z.instanceof(FormData), idempotency_key: idempotencyKey.optional() }),
);

/**
 * Uploads a progress photo sent as FormData: the same service, limits, messages and resend rule as POST
 * /api/user/image, and the same order (may the member train, then the key, then the file).
 */
export const uploadImageRoute = memberProcedure
  .use(bindRecord(mayUploadPhoto))
  .input(photoForm)
  .mutation(async ({ ctx, input: { form, idempotency_key } }) => {
    const { body } = await uploadProgressPhoto(ctx.svc, {
      idempotency_key,
      image: async () => {
        const file = form.get('image');
        if (!(file instanceof Blob)) return null;
        if (file.size > PHOTO_MAX_BYTES) throw validationError('image', WARRIOR_MESSAGE.imageTooLarge);
        return Buffer.from(await file.arrayBuffer());
      },
    });
    return body;
  });
