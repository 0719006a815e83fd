import { ADMIN_USER_MESSAGE, adminUserIdInput } from '@evolution/shared';
import { notFound } from '../../../errors.ts';

/** The user id of a call; one that cannot name a user is a 404, as on the REST path. */
export function userId(input: unknown): number {
  const parsed = adminUserIdInput.safeParse(input);
  if (!parsed.success) throw notFound(ADMIN_USER_MESSAGE.notFound);
  return parsed.data.id;
}
