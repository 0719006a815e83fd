import { PHOTO_MAX_BYTES, WARRIOR_MESSAGE } from '@evolution/shared';
import { validationError } from '../../errors.ts';
import { uploadProgressPhoto } from '../../services/media.ts';
import { memberProcedure } from '../../trpc/init.ts';

/**
 * Uploads a progress photo sent as FormData (field `image`, optional field `idempotency_key`): the same service,
 * limits, messages and resend rule as POST /api/user/image.
 */
export const uploadImageRoute = memberProcedure
  .input((raw: unknown) => raw as FormData)
  .mutation(async ({ ctx, input }) => {
    const form = input instanceof FormData ? input : null;
    const { body } = await uploadProgressPhoto(
      ctx.svc,
      ctx.actor,
      async () => {
        const file = form?.get('image');
        if (!(file instanceof Blob)) return null;
        if (file.size > PHOTO_MAX_BYTES) throw validationError('image', WARRIOR_MESSAGE.imageTooLarge);
        return Buffer.from(await file.arrayBuffer());
      },
      form?.get('idempotency_key') ?? undefined,
    );
    return body;
  });
