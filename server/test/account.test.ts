import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactDetailsSchema } from '@evolution/shared';
import { ApplicationDetails, ContactDetails, Evolution, Subscription, User } from '../src/entities/index.ts';
import { expectFieldErrors, contactAddress, newMember, rest, signedInAdmin, trpc } from './helpers/api.ts';
import { useTestAppWithDataDir } from './helpers/database.ts';
import { parq } from './helpers/setupForms.ts';
import { decodeQuotedPrintable } from './helpers/smtp.ts';

// No SMTP_URL: mail goes to <dataDir>/outbox.
const ctx = useTestAppWithDataDir('account', { appUrl: 'http://localhost:3000' });
const em = () => ctx.app.orm.em.fork();

async function registered() {
  const member = newMember();
  const res = await rest(ctx.app, 'POST', '/api/register', { body: member });
  return { ...member, token: res.body.access_token as string, userId: res.body.user_id as number };
}
const adminToken = () => signedInAdmin(ctx.app);
const contact = {
  ...contactAddress,
  twitter: '',
  linkedin: 'https://linkedin.com/in/someone',
  facebook: null,
  instagram: '@someone',
};

describe('PUT /api/user/settings/password', () => {
  it('changes the password, ends every other session and keeps this one with a fresh token', async () => {
    const m = await registered();
    const other = (await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: m.password } })).body
      .access_token;
    const res = await rest(ctx.app, 'PUT', '/api/user/settings/password', {
      token: m.token,
      body: { old_password: m.password, password: 'new-secret', password_confirmation: 'new-secret' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Your password has been changed.',
      access_token: expect.stringMatching(/^ey/),
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: other })).status).toBe(401);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: res.body.access_token })).status).toBe(200);
    expect(
      (await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: 'new-secret' } })).status,
    ).toBe(200);
    const claims = (t: string) => ctx.app.jwt.decode<{ exp: number }>(t)!;
    expect(claims(res.body.access_token).exp).toBeLessThanOrEqual(claims(m.token).exp + 1);
  });

  it("answers the form's messages and a wrong old password with 422, changing nothing", async () => {
    const m = await registered();
    const empty = await rest(ctx.app, 'PUT', '/api/user/settings/password', { token: m.token, body: {} });
    expectFieldErrors(empty, {
      old_password: ['Password is required'],
      password: ['Password is required'],
      password_confirmation: ['Please confirm your password'],
    });
    const short = await rest(ctx.app, 'PUT', '/api/user/settings/password', {
      token: m.token,
      body: { old_password: m.password, password: 'abc', password_confirmation: 'abd' },
    });
    expect(short.body.errors).toEqual({
      password: ['The password must be at least 6 characters.'],
      password_confirmation: ['The password must be at least 6 characters.', 'Passwords do not match'],
    });
    const wrong = await rest(ctx.app, 'PUT', '/api/user/settings/password', {
      token: m.token,
      body: { old_password: 'not-my-pass', password: 'new-secret', password_confirmation: 'new-secret' },
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { message: 'The old password is incorrect.', errors: { old_password: ['The old password is incorrect.'] } },
    });
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(200);
  });

  it('counts a double submit once: the second, made with a token the first revoked, is refused', async () => {
    const m = await registered();
    const body = { old_password: m.password, password: 'new-secret', password_confirmation: 'new-secret' };
    const results = await Promise.all(
      [1, 2].map(() => rest(ctx.app, 'PUT', '/api/user/settings/password', { token: m.token, body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    expect((await em().findOneOrFail(User, { id: m.userId })).tokenVersion).toBe(1);
  });

  it('serves admins too, and is 401 anonymous', async () => {
    const admin = await adminToken();
    const res = await rest(ctx.app, 'PUT', '/api/user/settings/password', {
      token: admin.token,
      body: { old_password: 'admin-pass-123', password: 'admin-pass-456', password_confirmation: 'admin-pass-456' },
    });
    expect(res.status).toBe(200);
    expect((await rest(ctx.app, 'PUT', '/api/user/settings/password', { body: {} })).status).toBe(401);
  });
});

describe('/api/user/contact_details', () => {
  it('is all null before, then saved and read back in data', async () => {
    const m = await registered();
    const empty = await rest(ctx.app, 'GET', '/api/user/contact_details', { token: m.token });
    expect(Object.values(contactDetailsSchema.strict().parse(empty.body.data)).every((v) => v === null)).toBe(true);
    const res = await rest(ctx.app, 'PUT', '/api/user/contact_details', { token: m.token, body: contact });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact details updated');
    const expected = { ...contact, twitter: null, facebook: null };
    expect(res.body.data).toEqual(expected);
    expect((await rest(ctx.app, 'GET', '/api/user/contact_details', { token: m.token })).body).toEqual({
      data: expected,
    });
    const edited = await rest(ctx.app, 'PUT', '/api/user/contact_details', {
      token: m.token,
      body: { ...contact, city: 'Bristol' },
    });
    expect(edited.body.data.city).toBe('Bristol');
    expect(await em().count(ContactDetails, { user: m.userId })).toBe(1);
  });

  it("answers '{label} is required' for the seven required fields and changes nothing", async () => {
    const m = await registered();
    await rest(ctx.app, 'PUT', '/api/user/contact_details', { token: m.token, body: contact });
    const res = await rest(ctx.app, 'PUT', '/api/user/contact_details', { token: m.token, body: { twitter: '@x' } });
    expectFieldErrors(res, {
      address_line1: ['Address Line 1 is required'],
      address_line2: ['Address Line 2 is required'],
      city: ['City is required'],
      county: ['County is required'],
      postcode: ['Postcode is required'],
      country: ['Country is required'],
      telephone: ['Telephone is required'],
    });
    expect(res.body.message).toBe('Address Line 1 is required (and 6 more errors)');
    expect((await rest(ctx.app, 'GET', '/api/user/contact_details', { token: m.token })).body.data.city).toBe('Bath');
  });
});

describe('/api/user/sets', () => {
  it('stores the choice as pending: GET shows it, the volume phase keeps the one in use', async () => {
    const m = await registered();
    expect((await rest(ctx.app, 'GET', '/api/user/sets', { token: m.token })).body).toEqual({
      data: { number_of_sets: 12, current_number_of_sets: 12 },
    });
    const res = await rest(ctx.app, 'PATCH', '/api/user/sets', { token: m.token, body: { number_of_sets: 24 } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Work volume analysis updated', data: { number_of_sets: 24, current_number_of_sets: 12 } },
    });
    expect((await rest(ctx.app, 'GET', '/api/user/sets', { token: m.token })).body.data.number_of_sets).toBe(24);
    const evo = await em().findOneOrFail(Evolution, { user: m.userId });
    expect([evo.numberOfSets, evo.pendingNumberOfSets]).toEqual([12, 24]);
    // Choosing the level in use again clears the pending one.
    await rest(ctx.app, 'PATCH', '/api/user/sets', { token: m.token, body: { number_of_sets: '12' } });
    expect((await em().findOneOrFail(Evolution, { user: m.userId })).pendingNumberOfSets).toBeNull();
  });

  it('accepts only the seven levels', async () => {
    const m = await registered();
    const res = await rest(ctx.app, 'PATCH', '/api/user/sets', { token: m.token, body: { number_of_sets: 20 } });
    expectFieldErrors(res, {
      number_of_sets: ['The number of sets must be one of 12, 16, 18, 24, 30, 36, 45.'],
    });
    expect((await rest(ctx.app, 'PATCH', '/api/user/sets', { token: m.token, body: {} })).body.errors).toEqual({
      number_of_sets: ['Choose a number of sets.'],
    });
    expect((await rest(ctx.app, 'GET', '/api/user/sets', { token: m.token })).body.data.number_of_sets).toBe(12);
  });
});

describe('member-only account calls', () => {
  it('are 401 anonymous and 403 for an admin', async () => {
    const admin = await adminToken();
    const calls = [
      ['GET', '/api/user/contact_details'],
      ['PUT', '/api/user/contact_details'],
      ['GET', '/api/user/sets'],
      ['PATCH', '/api/user/sets'],
      ['GET', '/api/user/export'],
      ['DELETE', '/api/user'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await rest(ctx.app, method, url, { body: {} })).status, `${method} ${url}`).toBe(401);
      expect((await rest(ctx.app, method, url, { body: {}, token: admin.token })).status, `${method} ${url}`).toBe(403);
    }
  });
});

describe('GET /api/user/export and DELETE /api/user', () => {
  it('exports everything stored about the member as a JSON download', async () => {
    const m = await registered();
    await rest(ctx.app, 'PUT', '/api/user/contact_details', { token: m.token, body: contact });
    await rest(ctx.app, 'POST', '/api/user/application_details', {
      token: m.token,
      body: parq({ e_signature: 'Me' }),
    });
    await rest(ctx.app, 'POST', '/api/user/subscription', {
      token: m.token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
    });
    const res = await rest(ctx.app, 'GET', '/api/user/export', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toMatchObject({
      account: { id: m.userId, email: m.email, name: m.name, role: 'member' },
      contact_details: { city: 'Bath' },
      application_details: { e_signature: 'Me' },
      fact_finding_details: null,
      subscription: { channel_name: 'Warrior', active: true },
      evolution: { evolution: 1, number_of_sets: 12 },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/);
    expect((await trpc(ctx.app, 'query', 'account.exportData', undefined, m.token)).data.account.email).toBe(m.email);
  });

  it('deletes the account and its data only with the right password', async () => {
    const m = await registered();
    await rest(ctx.app, 'PUT', '/api/user/contact_details', { token: m.token, body: contact });
    await rest(ctx.app, 'POST', '/api/user/subscription', {
      token: m.token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
    });
    const wrong = await rest(ctx.app, 'DELETE', '/api/user', { token: m.token, body: { password: 'not-mine' } });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { password: ['The password is incorrect.'] } } });
    expect((await rest(ctx.app, 'DELETE', '/api/user', { token: m.token, body: {} })).body.errors).toEqual({
      password: ['Password is required'],
    });
    expect(await em().count(User, { id: m.userId })).toBe(1);
    const res = await rest(ctx.app, 'DELETE', '/api/user', { token: m.token, body: { password: m.password } });
    expect(res).toMatchObject({ status: 200, body: { message: 'Your account and its data have been deleted.' } });
    for (const entity of [ContactDetails, Subscription, Evolution, ApplicationDetails] as const)
      expect(await em().count(entity as never, { user: m.userId })).toBe(0);
    expect(await em().count(User, { id: m.userId })).toBe(0);
    expect((await rest(ctx.app, 'GET', '/api/user', { token: m.token })).status).toBe(401);
    expect((await rest(ctx.app, 'POST', '/api/login', { body: { email: m.email, password: m.password } })).status).toBe(
      422,
    );
  });
});

describe('photos in the export and on delete', () => {
  it("exports the member's photos and training record, and deletes the files with the account", async () => {
    const m = await registered();
    await rest(ctx.app, 'POST', '/api/user/subscription', {
      token: m.token,
      body: { channel_id: 1, plan_id: 1, nonce: 'pm_card_visa' },
    });
    await em().nativeUpdate(User, { id: m.userId }, { initialSetup: 0, initialSetupStep: 3 });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/image',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { authorization: `Bearer ${m.token}`, 'content-type': req.headers.get('content-type')! },
    });
    expect(upload.statusCode).toBe(201);
    const exported = await rest(ctx.app, 'GET', '/api/user/export', { token: m.token });
    expect(exported.body.training).toMatchObject({ workout_results: [], vo2_tests: [], chamber: [] });
    expect(exported.body.photos).toHaveLength(1);
    expect(Buffer.from(exported.body.photos[0].base64, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // The member's own files: the seeded meal pictures share the folder.
    const files = () => readdirSync(join(ctx.dataDir, 'uploads')).filter((f) => !f.startsWith('seed-meal-'));
    expect(files()).toHaveLength(1);
    expect(
      (await rest(ctx.app, 'DELETE', '/api/user', { token: m.token, body: { password: m.password } })).status,
    ).toBe(200);
    expect(files()).toHaveLength(0);
  });
});

describe('password reset without SMTP', () => {
  it('writes the mail to <dataDir>/outbox with the reset link', async () => {
    const m = await registered();
    const res = await rest(ctx.app, 'POST', '/api/password/create', { body: { email: m.email } });
    expect(res.status).toBe(200);
    const outbox = join(ctx.dataDir, 'outbox');
    let mail = '';
    for (let i = 0; i < 100 && !mail; i++) {
      const files = (() => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      })();
      mail = files.map((f) => readFileSync(join(outbox, f), 'utf8')).find((text) => text.includes(m.email)) ?? '';
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    const decoded = decodeQuotedPrintable(mail);
    expect(decoded).toContain(`http://localhost:3000/#/reset-password?token=`);
    expect(decoded).toContain(`&email=${encodeURIComponent(m.email)}`);
  });
});
