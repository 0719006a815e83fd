import argon2 from 'argon2';
import type { AppConfig } from '../config.ts';

/** Hashes a password with argon2id. */
export function hashPassword(config: Pick<AppConfig, 'argon2'>, plain: string): Promise<string> {
  return argon2.hash(plain, {
    type: argon2.argon2id,
    memoryCost: config.argon2.memoryCost,
    timeCost: config.argon2.timeCost,
  });
}

/** Checks a password against its hash; a malformed hash is a mismatch, not a crash. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(config: Pick<AppConfig, 'argon2'>): Promise<string> {
  return (decoyHash ??= hashPassword(config, 'decoy-password-never-matches'));
}
