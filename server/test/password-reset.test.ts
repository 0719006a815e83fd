import { describe, expect, it } from 'vitest';
import { PasswordReset, User } from '../src/entities/index.ts';
import { newMember, rest, trpc } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';
import { useTestSmtp } from './helpers/smtp.ts';

// A real SMTP server in the test: the app sends through SMTP_URL and the test reads what arrived.
const { url: smtpUrl, inbox } = await useTestSmtp();
const ctx = useTestApp({
  smtpUrl,
  appUrl: 'https://evolution.example',
  mailFrom: 'Evolution <no-reply@evolution.example>',
});

/** Quoted-printable soft breaks and escapes undone, so the link reads as sent. */
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function mailTo(email: string, since: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = inbox.slice(since).find((m) => m.toLowerCase().includes(`to: ${email}`));
    if (found) return decode(found);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${email}`);
}
function linkIn(mail: string) {
  const link = mail.match(/https:\/\/evolution\.example\/#\/reset-password\?[^\s]+/)?.[0];
  expect(link).toBeDefined();
  const params = new URLSearchParams(link!.split('?')[1]);
  return { token: params.get('token')!, email: params.get('email')! };
}
async function registered() {
  const member = newMember();
  const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
  return { ...member, token: res.body.access_token as string, userId: res.body.user_id as number };
}

describe('forgot and reset password', () => {
  it('emails a link through SMTP; the link resets the password once and ends every session', async () => {
    const m = await registered();
    const since = inbox.length;
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email.toUpperCase() } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for that email, we have sent a password reset link.' },
    });
    const mail = await mailTo(m.email, since);
    expect(mail).toMatch(/Subject: Reset your password/);
    expect(mail).toMatch(/From: Evolution <no-reply@evolution\.example>/);
    const link = linkIn(mail);
    expect(link.email).toBe(m.email);
    // Only the hash is stored.
    const stored = await ctx.app.orm.em.fork().findOneOrFail(PasswordReset, { user: m.userId });
    expect(stored.tokenHash).not.toContain(link.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const reset = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Your password has been reset. Please log in.' } });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(401);
    expect(
      (await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
    expect((await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: m.password } })).status).toBe(
      422,
    );
    // Single use.
    const again = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'other-pass-1', confirm_password: 'other-pass-1' },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const since = inbox.length;
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: 'nobody-here@example.com' } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for that email, we have sent a password reset link.' },
    });
    // A known member's request, made after it, is a barrier: once their mail is in, any mail from before would be too.
    const m = await registered();
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    await mailTo(m.email, since);
    expect(inbox.slice(since).some((mail) => mail.includes('nobody-here@example.com'))).toBe(false);
  });

  it("refuses an expired token, another email's token, and a newer link replaces the older one", async () => {
    const invalid = {
      status: 422,
      body: { errors: { token: ['This password reset link is invalid or has expired.'] } },
    };
    const m = await registered();
    let since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const first = linkIn(await mailTo(m.email, since));
    since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const second = linkIn(await mailTo(m.email, since));
    const body = (link: { token: string; email: string }) => ({
      ...link,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(await rest(ctx.app, 'POST', '/api/password/reset', { body: body(first) })).toMatchObject(invalid);
    expect(
      await rest(ctx.app, 'POST', '/api/password/reset', {
        body: body({ ...second, email: 'someone-else@example.com' }),
      }),
    ).toMatchObject(invalid);
    expect((await ctx.app.orm.em.fork().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(0);
    // The newer link works.
    expect((await rest(ctx.app, 'POST', '/api/password/reset', { body: body(second) })).status).toBe(200);
  });

  it('refuses a link past its 60 minutes', async () => {
    const m = await registered();
    const since = inbox.length;
    await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    const link = linkIn(await mailTo(m.email, since));
    await ctx.app.orm.em
      .fork()
      .nativeUpdate(PasswordReset, { user: m.userId }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { ...link, password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    });
    expect(res).toMatchObject({
      status: 422,
      body: { errors: { token: ['This password reset link is invalid or has expired.'] } },
    });
    expect((await ctx.app.orm.em.fork().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(0);
  });

  it('validates the reset form', async () => {
    const res = await rest(ctx.app, 'POST', '/api/password/reset', { body: { email: 'x', password: 'abc' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email must be a valid email address.'],
      token: ['The token field is required.'],
      password: ['The password must be at least 6 characters.'],
      confirm_password: ['This is a required field'],
    });
    const mismatch = await rest(ctx.app, 'POST', '/api/password/reset', {
      body: { email: 'a@example.com', token: 't', password: 'abcdef', confirm_password: 'abcdeg' },
    });
    expect(mismatch.body.errors).toEqual({ confirm_password: ['Passwords do not match'] });
    expect((await rest(ctx.app, 'POST', '/api/password/create', { body: {} })).body.errors).toEqual({
      email: ['The email field is required.'],
    });
  });

  it('rate-limits reset requests per address with a 429', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await rest(ctx.app, 'POST', '/api/password/create', { body: { email: `someone${i}@example.com` }, ip }))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('works through tRPC too', async () => {
    const m = await registered();
    const since = inbox.length;
    expect((await trpc(ctx.app, 'mutation', 'account.requestPasswordReset', { email: m.email })).status).toBe(200);
    const link = linkIn(await mailTo(m.email, since));
    const res = await trpc(ctx.app, 'mutation', 'account.resetPassword', {
      ...link,
      password: 'trpc-new-pass',
      confirm_password: 'trpc-new-pass',
    });
    expect(res.data).toEqual({ message: 'Your password has been reset. Please log in.' });
  });
});
