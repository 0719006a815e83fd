import { readFileSync } from 'node:fs';
import { SERVER_MESSAGE } from '@evolution/shared';
import { validationError } from '../errors.ts';

/**
 * The 10,000 most common passwords (SecLists, MIT: server/src/data/README.md), all lower case. Read at start, so a
 * deployment without the file fails at once rather than at someone's first registration.
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean),
);

/**
 * True for a listed password in any case and with spaces around it: "Password1", "QWERTY" and "123456 " fall to the same
 * first guesses as the listed word.
 */
function isCommonPassword(plain: string): boolean {
  return COMMON_PASSWORDS.has(plain.trim().toLowerCase());
}

/** Refuses a listed new password with a 422 on its field, before anything is hashed or written. */
export function refuseCommonPassword(plain: string, field = 'password'): void {
  if (isCommonPassword(plain)) throw validationError(field, SERVER_MESSAGE.commonPassword);
}
