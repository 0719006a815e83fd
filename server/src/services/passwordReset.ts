import { raw as sqlRaw } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { sql } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ACCOUNT_MESSAGE, passwordCreateInput, passwordResetInput } from '@evolution/shared';
import type { AppConfig } from '../config.ts';
import { db } from '../db/kysely.ts';
import { PasswordReset, User } from '../entities/index.ts';
import { validationError } from '../errors.ts';
import { clearSignInFailures, normaliseEmail } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { revokeAllTokens } from './personalTokens.ts';
import { enqueueMail } from './jobs.ts';
import { refuseCommonPassword } from './commonPasswords.ts';
import { hashPassword } from './passwords.ts';
import { hit, throttleAddress } from './rateLimit.ts';

const RESET_TOKEN_MINUTES = 60;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link of the reset email: the client's /reset-password screen with the token and the email. */
const resetLink = (appUrl: string, token: string, email: string) =>
  `${appUrl}/#/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** Spends one of the address's reset requests; the doors call it before the form is read, so bad forms count too. */
export function throttleResetRequest(ctx: ServiceContext): Promise<void> {
  return hit(ctx.limits.passwordReset, throttleAddress(ctx.ip));
}

/** The address's key for reset tries: spent before the form is read, given back when a reset succeeds. */
const resetTryKey = (ctx: ServiceContext) => `reset|${throttleAddress(ctx.ip)}`;

/** Spends one of the address's reset tries; the doors call it before the form is read, so bad forms count too. */
export function throttleResetTry(ctx: ServiceContext): Promise<void> {
  return hit(ctx.limits.passwordReset, resetTryKey(ctx));
}

/** Spends one of the email's reset requests, whatever the address, counted alike whether or not it has an account. */
function throttleResetEmail(ctx: ServiceContext, email: string): Promise<void> {
  return hit(ctx.limits.resetEmail, normaliseEmail(email));
}

/** The job that does a reset request's work (services/jobs.ts runs it): look the email up, and for an account send a link. */
export const PASSWORD_RESET_TASK = 'password_reset_request';
/** A failed run (the database away) is tried again for about four minutes; after that, asking again is quicker. */
const PASSWORD_RESET_MAX_ATTEMPTS = 5;

/**
 * Emails a single-use reset link valid 60 minutes. The answer only queues the job, with the normalised email, whether
 * or not it has an account: the worker looks it up, so neither the answer nor its time tells which. The door has
 * spent the request (throttleResetRequest).
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: z.output<typeof passwordCreateInput>,
): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  await throttleResetEmail(ctx, email);
  // Keyed by the email: requests side by side that are still waiting become one job, so one link and one mail.
  await sql`select graphile_worker.add_job(${PASSWORD_RESET_TASK}, ${JSON.stringify({ email } satisfies ResetRequest)}::json, max_attempts => ${PASSWORD_RESET_MAX_ATTEMPTS}, job_key => ${`password-reset:${email}`})`.execute(
    db(ctx.em),
  );
  return { message: ACCOUNT_MESSAGE.resetRequested };
}

interface ResetRequest {
  email: string;
}

/**
 * The queued request's work: for an account, its only reset row and the mail carrying the token, in one transaction
 * (the worker sends the mail later); for an unknown email, nothing.
 */
async function sendResetLink(em: EntityManager, config: Pick<AppConfig, 'appUrl'>, { email }: ResetRequest) {
  const user = await em.findOne(User, { email });
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const link = resetLink(config.appUrl, token, email);
  await em.transactional(async (tx) => {
    // Only the newest link works.
    await tx.nativeDelete(PasswordReset, { user: user.id });
    tx.create(PasswordReset, {
      user: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await tx.flush();
    await enqueueMail(tx, {
      to: email,
      subject: 'Reset your password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. To choose a new one, open this link within ${RESET_TOKEN_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    });
  });
}

/** The reset request task for the job worker's task list (services/jobs.ts). */
export function passwordResetTasks(config: Pick<AppConfig, 'appUrl'>, orm: MikroORM): TaskList {
  return {
    [PASSWORD_RESET_TASK]: (payload) => sendResetLink(orm.em.fork(), config, payload as ResetRequest),
  };
}

/**
 * Sets a new password with an emailed token: single use, 60 minutes; every session of the account ends. The door has
 * spent the try first (throttleResetTry: parallel tries cannot slip past the limit); a success gives it back.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof passwordResetInput>,
): Promise<{ message: string }> {
  refuseCommonPassword(input.password);
  const byToken = (em: EntityManager) =>
    em.findOne(PasswordReset, { tokenHash: sha256(input.token) }, { populate: ['user'] });
  const usable = (reset: Awaited<ReturnType<typeof byToken>>) =>
    !!reset &&
    !reset.usedAt &&
    reset.expiresAt.getTime() > Date.now() &&
    reset.user.email === normaliseEmail(input.email);
  // A token that cannot work is refused before argon2 runs: guessed tokens cost no hashing.
  if (!usable(await byToken(ctx.em.fork()))) throw validationError('token', ACCOUNT_MESSAGE.resetInvalid);
  const password = await hashPassword(ctx.config, input.password);
  const done = await ctx.em.transactional(async (em) => {
    const reset = await byToken(em);
    if (!reset || !usable(reset)) return false;
    // Single use even when two resets race: only one update finds the token unused.
    if ((await em.nativeUpdate(PasswordReset, { id: reset.id, usedAt: null }, { usedAt: new Date() })) !== 1)
      return false;
    await em.nativeUpdate(User, { id: reset.user.id }, { password, tokenVersion: sqlRaw('token_version + 1') });
    await em.nativeDelete(PasswordReset, { user: reset.user.id, id: { $ne: reset.id } });
    await revokeAllTokens(em, reset.user.id);
    return true;
  });
  if (!done) throw validationError('token', ACCOUNT_MESSAGE.resetInvalid);
  await clearSignInFailures(ctx, input.email);
  await ctx.limits.passwordReset.reward(resetTryKey(ctx), 1);
  return { message: ACCOUNT_MESSAGE.resetDone };
}
