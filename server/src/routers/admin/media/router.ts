import { router } from '../../../trpc/init.ts';
import { uploadMediaRoute } from './upload.ts';

/** admin.media: uploads of pictures and videos for pages, meals and form groups. */
export const adminMediaRouter = router({
  upload: uploadMediaRoute,
});
