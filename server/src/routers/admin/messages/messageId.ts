import { MESSAGE_TEXT, messageIdInput } from '@evolution/shared';
import { notFound } from '../../../errors.ts';

/** The message id of a call; one that cannot name a message is a 404, as on the REST path. */
export function messageId(input: unknown): number {
  const parsed = messageIdInput.safeParse(input);
  if (!parsed.success) throw notFound(MESSAGE_TEXT.notFound);
  return parsed.data.id;
}
