/**
 * Live delivery in the built client: a signed-in member's page holds one `live.events` stream (server-sent events,
 * the token in a header, never in the address); a coach's message sent through the real REST call reaches it through
 * PostgreSQL NOTIFY and the menu's unread badge changes without a reload.
 */
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { api, createMember, signIn, unique } from './helpers/members.ts';

const ctx = useBrowser();

describe('live events, in Chromium', () => {
  it("a coach's message reaches the member's open inbox and unread badge live", { timeout: 90_000 }, async () => {
    const member = await createMember({ setupDone: true });
    const memberId = (await api('/login', { method: 'POST', body: { email: member.email, password: member.password } }))
      .json.user_id as number;
    const adminToken = (
      await api('/login', { method: 'POST', body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })
    ).json.access_token as string;

    const { page, screenshot } = await newPage(ctx.browser);
    const stream = page.waitForResponse((res) => res.url().includes('/trpc/live.events'), { timeout: 30_000 });
    // Awaited below; a sign-in that fails first must not leave it rejecting unhandled.
    stream.catch(() => undefined);
    await signIn(page, member.email, member.password);
    await page.goto('/#/with_menu/messages');
    const response = await stream;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    const authorization = response.request().headers().authorization ?? '';
    expect(authorization).toMatch(/^Bearer \S+$/);
    expect(response.url()).not.toContain(authorization.slice('Bearer '.length));
    await page.getByText('No messages yet.').waitFor();
    // The headers come as the stream opens; a moment later the server has registered it with its listener.
    await page.waitForTimeout(500);

    const subject = `Live check ${unique()}`;
    const sent = await api('/admin/message', {
      method: 'POST',
      token: adminToken,
      body: { subject, recipient_id: memberId, message: 'Seen without a reload?' },
    });
    expect(sent.status).toBeLessThan(300);
    // The open inbox lists it without a reload, and the menu's badge counts it.
    await page.getByText(subject).waitFor({ timeout: 15_000 });
    await screenshot('live-inbox');
    await page.getByRole('button', { name: /menu/i }).first().click();
    const messagesLink = page.getByRole('link', { name: /^Messages/ }).first();
    await expect.poll(() => messagesLink.textContent(), { timeout: 15_000 }).toMatch(/1 unread message/);
    await screenshot('live-unread-badge');
  });
});
