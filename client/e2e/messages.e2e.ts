/**
 * Coaches' messages in Chromium, with two browser contexts: the admin sends a message to the Warrior channel (with a
 * double click) and sees its delivery finish, and the member's unread badge changes live, without a reload; the member
 * opens it, the badge drops, and the admin's message screen shows it read, live too. The admin also finds one member by email and messages them.
 * axe-core audits every message screen: the admin's at 1280x800 and 768x1024, the member's also at 375x740.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGE_TEXT } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, NAMED_SIZES, PHONE, saveFindings } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { visit } from './helpers/screens.ts';
import { waitForMail } from './helpers/mailbox.ts';
import { api, createMember, memberTest, signedInPage, unique } from './helpers/members.ts';

const b = useBrowser();
const MEMBER_SIZES = [...NAMED_SIZES, { name: 'phone', ...PHONE }] as const;

/** The member's menu button, which carries the unread count. */
const menuButton = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: unread ? `Open menu, ${unread} unread message${unread === 1 ? '' : 's'}` : 'Open menu',
    exact: true,
  });

/** Sends a message to the Warrior channel from the New Message screen; answers the new message's id. */
async function sendToWarrior(page: Page, subject: string, body: string, { doubleClick = false } = {}): Promise<number> {
  await visit(page, '/admin/message/add', 'New Message');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByRole('radio', { name: 'Every member of a channel' }).check();
  await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Warrior' });
  await page.getByLabel('Message', { exact: true }).fill(body);
  const button = page.getByRole('button', { name: 'Send message' });
  if (doubleClick) await button.dblclick();
  else await button.click();
  await page.waitForURL(/#\/admin\/message\/\d+$/, { timeout: 15_000 });
  await page.locator('.toast--success', { hasText: MESSAGE_TEXT.sent }).first().waitFor({ timeout: 15_000 });
  return Number(/message\/(\d+)$/.exec(page.url())![1]);
}

describe('messages, in Chromium', () => {
  memberTest(
    'a channel message reaches the member live; reading it drops the badge and shows as read to the admin',
    { timeout: 180_000 },
    async ({ member }) => {
      const subject = `Warrior briefing ${unique()}`;

      const m = await signedInPage(b.browser, member);
      await visit(m.page, '/with_menu/messages', 'Messages');
      await m.page.getByText(MESSAGE_TEXT.noMessages).waitFor();
      await menuButton(m.page, 0).waitFor();
      // Marks this document: a reload would lose it.
      await m.page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

      const a = await signedInPage(b.browser, E2E_ADMIN);
      // An empty form: each field says what it needs.
      await visit(a.page, '/admin/message/add', 'New Message');
      await a.page.getByRole('button', { name: 'Send message' }).click();
      await a.page.getByText(MESSAGE_TEXT.subjectRequired).waitFor();
      await a.page.getByText(MESSAGE_TEXT.recipientRequired).waitFor();
      await a.page.getByText(MESSAGE_TEXT.messageRequired).waitFor();
      await a.screenshot('messages-admin-add-errors');

      // A double click on Send sends once.
      const id = await sendToWarrior(a.page, subject, 'Deload week: half the sets, same weights.\nSleep eight hours.', {
        doubleClick: true,
      });
      await a.page.getByRole('heading', { level: 1, name: subject }).waitFor();
      await a.page.getByText('Warrior channel').waitFor();
      // The job queue writes a channel's recipients after the answer: the screen counts them until all are in.
      await a.page.getByText(/^Delivered to [\d,]+ members?$/).waitFor({ timeout: 15_000 });
      const row = a.page.getByRole('row', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) });
      await row.getByText('Not yet').waitFor();
      await a.screenshot('messages-admin-sent');

      // The member's badge and inbox change live, on the same document.
      await menuButton(m.page, 1).waitFor({ timeout: 15_000 });
      await m.page.getByRole('link', { name: new RegExp(`Unread: ${subject}`) }).waitFor({ timeout: 15_000 });
      expect(await m.page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
      await m.screenshot('messages-member-inbox-unread');
      const inbox = await api('/user/message', { token: member.token });
      expect(inbox.json.data.filter((x: { subject: string }) => x.subject === subject)).toHaveLength(1);
      // And the mail, through the queue to the test SMTP server, links to the message.
      const mail = await waitForMail(member.email, { subject: new RegExp(subject) });
      expect(mail.text).toContain(`/with_menu/messages/${id}`);

      // The menu lists Messages with the count.
      await menuButton(m.page, 1).click();
      await m.page.getByRole('link', { name: /^Messages\W*1 unread message$/ }).waitFor();
      await m.screenshot('messages-member-menu-badge');
      await m.page.keyboard.press('Escape');

      // Opening it marks it read: the badge drops and the admin's screen shows when.
      await m.page.getByRole('link', { name: new RegExp(`Unread: ${subject}`) }).click();
      await m.page.getByRole('heading', { level: 1, name: subject }).waitFor();
      await m.page.getByText('Sleep eight hours.').waitFor();
      await menuButton(m.page, 0).waitFor({ timeout: 15_000 });
      await m.screenshot('messages-member-message');
      await row.getByText('Not yet').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await row.textContent()).toMatch(/\d{4}, \d{2}:\d{2}/);
      await a.screenshot('messages-admin-read');
      expect(
        (
          await api(`/admin/message/${id}`, {
            token: (await api('/login', { method: 'POST', body: E2E_ADMIN })).json.access_token,
          })
        ).json.data.read_count,
      ).toBeGreaterThanOrEqual(1);

      // Back in the inbox it is no longer marked; the sent list shows it first.
      await m.page.getByRole('link', { name: '← Messages' }).click();
      await m.page.getByRole('link', { name: new RegExp(subject) }).waitFor();
      await expect.poll(() => m.page.getByRole('link', { name: new RegExp(`Unread: ${subject}`) }).count()).toBe(0);
      await visit(a.page, '/admin/message_management', 'Messages');
      await a.page.locator('tbody tr').first().getByText(subject).waitFor();
      await a.page
        .locator('tbody tr')
        .first()
        .getByText(/^Delivered to [\d,]+ members?$/)
        .waitFor();
      await a.screenshot('messages-admin-list');
    },
  );

  memberTest(
    'the admin finds one member by email and messages them; another member never sees it',
    { timeout: 120_000 },
    async ({ member }) => {
      const bystander = await createMember({ setupDone: true });
      const subject = `Just for you ${unique()}`;
      const a = await signedInPage(b.browser, E2E_ADMIN);
      await visit(a.page, '/admin/message/add', 'New Message');
      await a.page.getByLabel('Subject', { exact: true }).fill(subject);
      await a.page.getByLabel('Find a member by name or email').fill(member.email);
      // The results follow the typing: only the member whose email it is.
      await expect.poll(() => a.page.locator('.member-results .choice').count(), { timeout: 10_000 }).toBe(1);
      await a.page.getByRole('radio', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) }).check();
      await a.page.getByText(`Sending to ${member.name}`).waitFor();
      await a.page.getByLabel('Message', { exact: true }).fill('Your squat depth is much better.');
      await a.screenshot('messages-admin-add-member');
      await a.page.getByRole('button', { name: 'Send message' }).click();
      await a.page.waitForURL(/#\/admin\/message\/\d+$/);
      const id = Number(/message\/(\d+)$/.exec(a.page.url())![1]);
      await a.page.getByText(`${member.name} (${member.email})`).first().waitFor();

      const mine = await api('/user/message', { token: member.token });
      expect(mine.json.data[0]).toMatchObject({ id, subject, read_at: null });
      expect((await api(`/user/message/${id}`, { token: bystander.token })).status).toBe(404);

      const other = await signedInPage(b.browser, bystander);
      await visit(other.page, `/with_menu/messages/${id}`, 'Message');
      await other.page.getByText('Data could not be found.').waitFor();
    },
  );

  memberTest(
    'the message screens have no serious or critical axe violations',
    { timeout: 240_000 },
    async ({ member }) => {
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
      const audit = new AxeAudit(page);
      const id = await sendToWarrior(page, `Audit ${unique()}`, 'A message for the audit.');
      for (const vp of NAMED_SIZES) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await visit(page, '/admin/message_management', 'Messages');
        await page.getByRole('table').waitFor();
        await audit.check(`${vp.name} /admin/message_management`);
        await screenshot(`messages-admin-list-${vp.name}`);
        await visit(page, '/admin/message/add', 'New Message');
        await page.getByRole('radio').first().waitFor();
        await audit.check(`${vp.name} /admin/message/add`);
        await page.getByRole('button', { name: 'Send message' }).click();
        await page.getByText(MESSAGE_TEXT.subjectRequired).waitFor();
        await audit.check(`${vp.name} /admin/message/add with errors`);
        await page.getByRole('radio', { name: 'Every member of a channel' }).check();
        await page.getByLabel('Channel', { exact: true }).waitFor();
        await audit.check(`${vp.name} /admin/message/add to a channel`);
        await screenshot(`messages-admin-add-${vp.name}`);
        await visit(page, `/admin/message/${id}`, /^Audit /);
        await page.getByRole('table').waitFor();
        await audit.check(`${vp.name} /admin/message/{id}`);
        await screenshot(`messages-admin-message-${vp.name}`);
      }

      const m = await signedInPage(b.browser, member, AXE_CONTEXT);
      const memberAudit = new AxeAudit(m.page);
      for (const vp of MEMBER_SIZES) {
        await m.page.setViewportSize({ width: vp.width, height: vp.height });
        await visit(m.page, '/with_menu/messages', 'Messages');
        await m.page
          .getByRole('link', { name: /^Unread: Audit / })
          .or(m.page.getByRole('link', { name: /^Audit / }))
          .first()
          .waitFor();
        await memberAudit.check(`${vp.name} /with_menu/messages`);
        await m.screenshot(`messages-member-inbox-${vp.name}`);
        await menuButton(m.page, vp.name === 'desktop' ? 1 : 0).click();
        await m.page.getByRole('link', { name: /^Messages/ }).waitFor();
        await memberAudit.check(`${vp.name} side menu with Messages`);
        await m.page.keyboard.press('Escape');
        await visit(m.page, `/with_menu/messages/${id}`, /^Audit /);
        await memberAudit.check(`${vp.name} /with_menu/messages/{id}`);
        await m.screenshot(`messages-member-message-${vp.name}`);
      }
      saveFindings('messages', [...audit.findings, ...memberAudit.findings]);
      expect(audit.report).toBe('');
      expect(memberAudit.report).toBe('');
      expect(audit.screens).toHaveLength(10);
      expect(memberAudit.screens).toHaveLength(9);
    },
  );
});
