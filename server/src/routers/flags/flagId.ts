import { FLAG_MESSAGE, flagIdInput } from '@evolution/shared';
import { notFound } from '../../errors.ts';

/** The flag id of a call; one that cannot name a flag is a 404, as on the REST path. */
export function flagId(input: unknown): number {
  const parsed = flagIdInput.safeParse(input);
  if (!parsed.success) throw notFound(FLAG_MESSAGE.notFound);
  return parsed.data.id;
}
