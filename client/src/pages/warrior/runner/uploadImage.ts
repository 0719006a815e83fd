import { imageUploadSchema } from '@evolution/shared';
import { apiErrorNotice } from '../../../api/errors.ts';
import { storedToken } from '../../../auth/session.ts';
import { notify } from '../../../components/ui/notifier.ts';

/**
 * Uploads a progress photo (POST /api/user/image, multipart field `image`) and answers its id. A failure shows the
 * error catalogue's notice, as every call does, and throws.
 */
export async function uploadProgressPhoto(file: File, fetcher: typeof fetch = fetch): Promise<number> {
  const form = new FormData();
  form.append('image', file);
  const token = storedToken();
  const res = await fetcher('/api/user/image', { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
  const body: unknown = await res.json().catch(() => null);
  if (res.status !== 201) {
    const b = (body ?? {}) as { message?: string; errors?: Record<string, string[]> };
    const failure = Object.assign(new Error(b.message ?? `Upload failed (${res.status})`), { data: { httpStatus: res.status, errors: b.errors ?? null } });
    const notice = apiErrorNotice(failure);
    if (notice) notify(notice);
    throw failure;
  }
  return imageUploadSchema.parse(body).image.id;
}
