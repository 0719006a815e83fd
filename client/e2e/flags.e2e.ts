/**
 * Assistance flags in Chromium, with two browser contexts at once: a member opens a flag (a double click opens one);
 * the admin sees it, replies; the member's open thread shows the reply without a reload and the member is mailed; the
 * member answers and the admin's thread shows it live; the admin closes it after 'YOU SURE?' and the member's reply
 * box goes away live. Then axe-core on every flag screen: member screens at 1280, 768 and 375 px, admin screens at
 * 1280 and 768 px, with no serious or critical violation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FLAG_MESSAGE } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { LAPTOP, PHONE, TABLET, auditAtSizes, reportOf, saveFindings } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { waitForMail } from './helpers/mailbox.ts';
import { adminToken, api, createMember, memberTest, signedInPage, unique } from './helpers/members.ts';

const b = useBrowser();

/** Opens a screen by its hash path and waits for its main heading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.locator('#main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** The thread's messages as "from: text" lines. */
const threadLines = (page: Page) =>
  page
    .locator('.flag-message')
    .evaluateAll((items) =>
      items.map(
        (m) =>
          `${m.querySelector('.flag-message__from')?.textContent}: ${m.querySelector('.flag-message__text')?.textContent}`,
      ),
    );

describe('assistance flags, in Chromium', () => {
  it(
    'a member opens a flag; the admin replies and closes it; the member sees both live',
    { timeout: 150_000 },
    async () => {
      const subject = `Knee pain ${unique()}`;
      const member = await createMember({ setupDone: true });
      const m = await signedInPage(b.browser, member);

      // The member's list, then the create form: both spec messages for an empty submit.
      await visit(m.page, '/with_menu/assistance_flags');
      await m.page.getByText('You have not raised any assistance flags yet.').waitFor();
      await m.page.getByRole('link', { name: 'New assistance flag' }).click();
      await m.page.waitForURL(/#\/with_menu\/assistance_flags\/create$/);
      await m.page.getByRole('button', { name: 'Send to a coach' }).click();
      await m.page.locator('.field__error', { hasText: FLAG_MESSAGE.subjectRequired }).waitFor();
      await m.page.locator('.field__error', { hasText: FLAG_MESSAGE.messageRequired }).waitFor();
      await m.page.getByLabel('Subject').fill(subject);
      await m.page.getByLabel('Message').fill('My knee hurts at the bottom of a squat.');
      // A double click opens one flag.
      await m.page.getByRole('button', { name: 'Send to a coach' }).dblclick();
      await m.page.waitForURL(/#\/with_menu\/assistance_flags\/\d+$/);
      const flagId = Number(/(\d+)$/.exec(m.page.url())![1]);
      await m.page.getByRole('heading', { level: 1, name: subject }).waitFor();
      const mine = await api('/user/assistance_flag', { token: member.token });
      expect(mine.json.data.filter((f: { subject: string }) => f.subject === subject)).toHaveLength(1);
      await m.screenshot('flags-member-thread-open');

      // The admin finds it among the open flags and replies.
      const a = await signedInPage(b.browser, E2E_ADMIN);
      await visit(a.page, '/admin/assistance_flag_management?status=0');
      await a.page.getByRole('cell', { name: subject, exact: true }).waitFor();
      await a.screenshot('flags-admin-list');
      await a.page.getByRole('link', { name: `View ${subject}` }).click();
      await a.page.waitForURL(new RegExp(`#/admin/assistance_flag/${flagId}$`));
      await a.page.getByRole('heading', { level: 1, name: subject }).waitFor();
      await a.page.getByLabel('Your reply').fill('Film one set from the side, please.');
      await a.page.getByRole('button', { name: 'Send reply' }).click();
      await a.page.locator('.flag-message__text', { hasText: 'Film one set from the side, please.' }).waitFor();
      await expect.poll(() => a.page.getByLabel('Your reply').inputValue()).toBe('');

      // The member's open thread shows the coach's reply without a reload; the member is mailed too.
      await m.page
        .locator('.flag-message__text', { hasText: 'Film one set from the side, please.' })
        .waitFor({ timeout: 15_000 });
      expect(await m.page.locator('.flag-thread__item--coach .badge', { hasText: 'Coach' }).count()).toBe(1);
      const mail = await waitForMail(member.email, { subject: /Your coach replied/ });
      expect(mail.text).toContain('Film one set from the side, please.');
      await m.screenshot('flags-member-thread-reply-live');

      // The member answers: the box clears, and the admin's thread shows it live.
      await m.page.getByLabel('Your reply').fill('Here it is: the knee caves in.');
      await m.page.getByRole('button', { name: 'Send reply' }).click();
      await expect.poll(() => m.page.getByLabel('Your reply').inputValue()).toBe('');
      await a.page
        .locator('.flag-message__text', { hasText: 'Here it is: the knee caves in.' })
        .waitFor({ timeout: 15_000 });
      expect(await threadLines(a.page)).toEqual([
        'Test Member: My knee hurts at the bottom of a squat.',
        expect.stringMatching(/: Film one set from the side, please\.$/),
        'Test Member: Here it is: the knee caves in.',
      ]);
      await a.screenshot('flags-admin-thread');

      // The member starts another reply, not sent yet.
      await m.page.getByLabel('Your reply').fill('One more thing: it clicks too.');

      // The admin closes it after 'YOU SURE?' (No first leaves it open); the list comes back at page 1.
      await a.page.getByRole('button', { name: 'CLOSE' }).click();
      const dialog = a.page.getByRole('alertdialog', { name: FLAG_MESSAGE.adminConfirmClose });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'No' }).click();
      await a.page.getByLabel('Your reply').waitFor();
      await a.page.getByRole('button', { name: 'CLOSE' }).click();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await a.page.waitForURL(/#\/admin\/assistance_flag_management$/);
      await a.page.locator('.toast__message', { hasText: FLAG_MESSAGE.closed }).waitFor();

      // Live, the thread says it is closed; nothing can be sent, and what the member was typing stays, to copy.
      await m.page.getByText('This assistance flag is closed.').waitFor({ timeout: 15_000 });
      expect(await m.page.getByLabel('Your reply', { exact: true }).count()).toBe(0);
      const unsent = m.page.getByLabel('Your reply (not sent)');
      expect(await unsent.inputValue()).toBe('One more thing: it clicks too.');
      expect(await unsent.evaluate((el) => (el as HTMLTextAreaElement).readOnly)).toBe(true);
      expect(await m.page.getByRole('button', { name: 'Send reply' }).count()).toBe(0);
      expect(await m.page.getByRole('button', { name: 'Close this flag' }).count()).toBe(0);
      await waitForMail(member.email, { subject: /Assistance flag closed/ });
      await m.screenshot('flags-member-thread-closed-live');

      // The admin's thread of a closed flag has no reply box either; the member's list shows it closed.
      await visit(a.page, `/admin/assistance_flag/${flagId}`);
      await a.page.getByText('This assistance flag is closed: it takes no more replies.').waitFor();
      expect(await a.page.getByLabel('Your reply').count()).toBe(0);
      await visit(m.page, '/with_menu/assistance_flags');
      const row = m.page.getByRole('row', { name: new RegExp(subject) });
      await row.getByText('Closed').waitFor();
      await m.screenshot('flags-member-list');
    },
  );

  memberTest(
    'the member closes their own flag after the confirmation and lands on the list at page 1',
    { timeout: 90_000 },
    async ({ member }) => {
      const opened = [];
      for (let i = 1; i <= 11; i++)
        opened.push(
          (
            await api('/user/assistance_flag', {
              method: 'POST',
              token: member.token,
              body: { subject: `Question ${i}`, message: `Body ${i}` },
            })
          ).json.data.id as number,
        );
      const { page } = await signedInPage(b.browser, member);
      await visit(page, '/with_menu/assistance_flags?page=2');
      await page.getByRole('link', { name: 'Question 1', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Question 1' }).waitFor();
      await page.getByRole('button', { name: 'Close this flag' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(FLAG_MESSAGE.memberConfirmClose).waitFor();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await page.waitForURL(/#\/with_menu\/assistance_flags$/);
      await page.getByRole('link', { name: 'Question 11', exact: true }).waitFor();
      expect((await api(`/user/assistance_flag/${opened[0]}`, { token: member.token })).json.data.status).toBe(1);
    },
  );

  memberTest(
    'every flag screen has no serious or critical axe violations (member at 1280, 768 and 375 px; admin at 1280 and 768 px)',
    { timeout: 180_000 },
    async ({ member }) => {
      const open = await api('/user/assistance_flag', {
        method: 'POST',
        token: member.token,
        body: { subject: `Axe open ${unique()}`, message: 'A question for the audit.' },
      });
      const openId = open.json.data.id as number;
      const closed = await api('/user/assistance_flag', {
        method: 'POST',
        token: member.token,
        body: { subject: `Axe closed ${unique()}`, message: 'Another question.' },
      });
      const closedId = closed.json.data.id as number;
      const token = await adminToken();
      await api(`/admin/assistance_flag/${openId}/reply`, {
        method: 'POST',
        token,
        body: { message: 'A coach answer, for the audit.' },
      });
      await api(`/admin/assistance_flag/${closedId}/done`, { token });

      const memberSizes = [LAPTOP, TABLET, PHONE];
      const memberAudits = await auditAtSizes(
        b.browser,
        memberSizes,
        member,
        async ({ page, screenshot, audit, viewport }) => {
          const at = `${viewport.width}px`;
          await visit(page, '/with_menu/assistance_flags');
          await page.getByRole('link', { name: open.json.data.subject }).waitFor();
          await audit.check(`member list ${at}`);
          await screenshot(`flags-axe-member-list-${at}`);
          await visit(page, '/with_menu/assistance_flags/create');
          await page.getByRole('button', { name: 'Send to a coach' }).click();
          await page.locator('.field__error').first().waitFor();
          await audit.check(`member create with errors ${at}`);
          await screenshot(`flags-axe-member-create-${at}`);
          await visit(page, `/with_menu/assistance_flags/${openId}`);
          await page.getByLabel('Your reply').waitFor();
          await audit.check(`member thread open ${at}`);
          await screenshot(`flags-axe-member-thread-${at}`);
          await page.getByRole('button', { name: 'Close this flag' }).click();
          await page.getByRole('alertdialog').waitFor();
          await audit.check(`member close dialog ${at}`);
          await page.getByRole('alertdialog').getByRole('button', { name: 'No' }).click();
          await visit(page, `/with_menu/assistance_flags/${closedId}`);
          await page.getByText('This assistance flag is closed.').waitFor();
          await audit.check(`member thread closed ${at}`);
        },
      );
      const adminAudits = await auditAtSizes(
        b.browser,
        [LAPTOP, TABLET],
        E2E_ADMIN,
        async ({ page, screenshot, audit, viewport }) => {
          const at = `${viewport.width}px`;
          await visit(page, '/admin/assistance_flag_management');
          await page.locator('tbody tr').first().waitFor();
          await audit.check(`admin list ${at}`);
          await screenshot(`flags-axe-admin-list-${at}`);
          await visit(page, `/admin/assistance_flag/${openId}`);
          await page.getByLabel('Your reply').waitFor();
          await audit.check(`admin thread open ${at}`);
          await screenshot(`flags-axe-admin-thread-${at}`);
          await page.getByRole('button', { name: 'Send reply' }).click();
          await page.locator('.field__error').first().waitFor();
          await audit.check(`admin reply error ${at}`);
          await page.getByRole('button', { name: 'CLOSE' }).click();
          await page.getByRole('alertdialog').waitFor();
          await audit.check(`admin close dialog ${at}`);
          await page.getByRole('alertdialog').getByRole('button', { name: 'No' }).click();
          await visit(page, `/admin/assistance_flag/${closedId}`);
          await page.getByText('This assistance flag is closed: it takes no more replies.').waitFor();
          await audit.check(`admin thread closed ${at}`);
        },
      );
      const audits = [...memberAudits, ...adminAudits];
      saveFindings(
        'flags',
        audits.flatMap((a) => a.findings),
      );
      expect(reportOf(audits)).toBe('');
    },
  );
});
