import { raw as sqlRaw } from '@mikro-orm/core';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ACCOUNT_MESSAGE, passwordCreateInput, passwordResetInput } from '@evolution/shared';
import { PasswordReset, User } from '../entities/index.ts';
import { validationError } from '../errors.ts';
import { clearSignInFailures, normaliseEmail } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { revokeAllTokens } from './personalTokens.ts';
import { enqueueMail } from './jobs.ts';
import { hashPassword } from './passwords.ts';
import { hit } from './rateLimit.ts';

const RESET_TOKEN_MINUTES = 60;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link of the reset email: the client's /reset-password screen with the token and the email. */
const resetLink = (appUrl: string, token: string, email: string) =>
  `${appUrl}/#/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

/** Spends one of the address's reset requests; the doors call it before the form is read, so bad forms count too. */
export function throttleResetRequest(ctx: ServiceContext): Promise<void> {
  return hit(ctx.limits.passwordReset, ctx.ip);
}

/** The address's key for reset tries: spent before the form is read, given back when a reset succeeds. */
const resetTryKey = (ctx: ServiceContext) => `reset|${ctx.ip}`;

/** Spends one of the address's reset tries; the doors call it before the form is read, so bad forms count too. */
export function throttleResetTry(ctx: ServiceContext): Promise<void> {
  return hit(ctx.limits.passwordReset, resetTryKey(ctx));
}

/** Spends one of the email's reset requests, whatever the address, counted alike whether or not it has an account. */
export function throttleResetEmail(ctx: ServiceContext, email: string): Promise<void> {
  return hit(ctx.limits.resetEmail, normaliseEmail(email));
}

/**
 * Emails a single-use reset link valid 60 minutes. The answer is the same whether or not the email has an account; the
 * mail is queued with the token (one transaction) and sent by the job worker, so SMTP's speed tells nothing. The door has spent the request (throttleResetRequest).
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: z.output<typeof passwordCreateInput>,
): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  await throttleResetEmail(ctx, email);
  const user = await ctx.em.findOne(User, { email });
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const link = resetLink(ctx.config.appUrl, token, email);
    await ctx.em.transactional(async (em) => {
      // Only the newest link works.
      await em.nativeDelete(PasswordReset, { user: user.id });
      em.create(PasswordReset, {
        user: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      });
      await em.flush();
      // Queued with the token it carries: the worker sends it, so the answer never waits for SMTP.
      await enqueueMail(em, {
        to: email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. To choose a new one, open this link within ${RESET_TOKEN_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
      });
    });
  }
  return { message: ACCOUNT_MESSAGE.resetRequested };
}

/**
 * Sets a new password with an emailed token: single use, 60 minutes; every session of the account ends. The door has
 * spent the try first (throttleResetTry: parallel tries cannot slip past the limit); a success gives it back.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof passwordResetInput>,
): Promise<{ message: string }> {
  const password = await hashPassword(ctx.config, input.password);
  const done = await ctx.em.transactional(async (em) => {
    const reset = await em.findOne(PasswordReset, { tokenHash: sha256(input.token) }, { populate: ['user'] });
    if (
      !reset ||
      reset.usedAt ||
      reset.expiresAt.getTime() <= Date.now() ||
      reset.user.email !== normaliseEmail(input.email)
    )
      return false;
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
