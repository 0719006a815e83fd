import { PHOTO_MAX_BYTES, WARRIOR_MESSAGE } from '@evolution/shared';
import { validationError } from '../../errors.ts';
import { uploadProgressPhoto } from '../../services/media.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** Uploads a progress photo sent as FormData (field `image`): the same service, limits and messages as POST /api/user/image. */
export const uploadImageRoute = memberProcedure
  .input((raw: unknown) => raw as FormData)
  .mutation(async ({ ctx, input }) => {
    return uploadProgressPhoto(ctx.svc, ctx.actor, async () => {
      const file = input instanceof FormData ? input.get('image') : null;
      if (!(file instanceof Blob)) return null;
      if (file.size > PHOTO_MAX_BYTES) throw validationError('image', WARRIOR_MESSAGE.imageTooLarge);
      return Buffer.from(await file.arrayBuffer());
    });
  });
