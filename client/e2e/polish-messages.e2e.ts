/**
 * A coach's Markdown message in Chromium: the admin writes `**Rest well**` with a list and a link, sees it rendered in
 * the composer's preview and on the sent message, and sends it to one member; the member's inbox previews plain words
 * and the message screen shows bold text, a list and a link with no Markdown marks left (at 390, 768 and 1280 px); the
 * mail has an HTML part beside its plain text. axe-core finds nothing serious.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { waitForMail } from './helpers/mailbox.ts';
import { memberTest, signIn, unique } from './helpers/members.ts';
import { visit } from './helpers/screens.ts';

const b = useBrowser();

const MESSAGE = [
  '**Rest well** this week,',
  'then back to it.',
  '',
  '- Sleep eight hours',
  '- Walk every day',
  '',
  'Read the [stretch guide](https://example.com/stretch).',
].join('\n');

/** The rendered message inside `scope`: bold words, two list items and a safe link, and no Markdown marks. */
async function rendered(page: Page, scope: string): Promise<void> {
  const body = page.locator(scope);
  await body.locator('strong', { hasText: 'Rest well' }).waitFor();
  expect(await body.locator('ul > li').allTextContents()).toEqual(['Sleep eight hours', 'Walk every day']);
  const link = body.getByRole('link', { name: 'stretch guide' });
  expect(await link.getAttribute('href')).toBe('https://example.com/stretch');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  expect(await body.textContent()).not.toMatch(/\*\*|\]\(|^- /m);
}

describe('messages in Markdown, in Chromium', () => {
  memberTest(
    'render for the member as they do in the preview, and the mail has an HTML part',
    { timeout: 180_000 },
    async ({ member }) => {
      const subject = `Deload ${unique()}`;

      const a = await newPage(b.browser, AXE_CONTEXT);
      const adminAudit = new AxeAudit(a.page);
      await signIn(a.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await visit(a.page, '/admin/message/add', 'New Message');
      await a.page.getByLabel('Subject', { exact: true }).fill(subject);
      await a.page.getByLabel('Find a member by name or email').fill(member.email);
      await a.page.getByRole('radio', { name: new RegExp(member.email.replace(/[.+]/g, '\\$&')) }).check();
      await a.page.getByLabel('Message', { exact: true }).fill(MESSAGE);
      await rendered(a.page, '.message-preview');
      await adminAudit.check('1280 /admin/message/add with a preview');
      await a.screenshot('i-messages-admin-preview-1280');
      await a.page.getByRole('button', { name: 'Send message' }).click();
      await a.page.waitForURL(/#\/admin\/message\/\d+$/, { timeout: 15_000 });
      const id = Number(/message\/(\d+)$/.exec(a.page.url())![1]);
      await rendered(a.page, '.message-admin__body');
      await adminAudit.check('1280 /admin/message/{id}');
      await a.screenshot('i-messages-admin-sent-1280');

      const m = await newPage(b.browser, AXE_CONTEXT);
      const memberAudit = new AxeAudit(m.page);
      await signIn(m.page, member.email, member.password);
      for (const width of [390, 768, 1280]) {
        await m.page.setViewportSize({ width, height: 900 });
        await visit(m.page, '/with_menu/messages', 'Messages');
        const item = m.page.getByRole('link', { name: new RegExp(subject) });
        // The preview is plain words: the bold and the list marks are gone.
        await item
          .getByText(/: Rest well this week, then back to it\. Sleep eight hours Walk every day Read the stretch/)
          .waitFor();
        await memberAudit.check(`${width} /with_menu/messages`);
        await m.screenshot(`i-messages-member-inbox-${width}`);
        await visit(m.page, `/with_menu/messages/${id}`, subject);
        await rendered(m.page, '.message-body');
        // The line break inside the first paragraph stays.
        expect(await m.page.locator('.message-body p').first().locator('br').count()).toBe(1);
        await memberAudit.check(`${width} /with_menu/messages/{id}`);
        await m.screenshot(`i-messages-member-message-${width}`);
      }

      const mail = await waitForMail(member.email, { subject: new RegExp(subject) });
      expect(mail.text).toContain('**Rest well** this week,');
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);

      expect(adminAudit.report).toBe('');
      expect(memberAudit.report).toBe('');
    },
  );
});
