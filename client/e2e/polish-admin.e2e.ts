/**
 * Admin polish in Chromium: an error notice stays with the screen that raised it (a taken email's notice is gone on
 * the new user's edit screen, while "created" travels there); a long email is cut to one line at 768 px with EDIT in
 * view and the whole address on keyboard focus; `?page=99` lands on the last page; a missing user's 404 notice does not
 * follow the admin back to the list; axe-core finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, saveFindings } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { signIn, unique } from './helpers/members.ts';
import { settled, visit } from './helpers/screens.ts';

const b = useBrowser();

describe('admin polish, in Chromium', () => {
  it('keeps notices on their screen, cuts long emails, clamps the page', { timeout: 180_000 }, async () => {
    const { page, screenshot } = await newPage(b.browser, AXE_CONTEXT);
    const audit = new AxeAudit(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

    // A taken email: the error notice shows; a good one: the edit screen shows "created" and not the old error.
    await visit(page, '/admin/user/create', 'Create User');
    const name = `Coach Polish With A Rather Long Name ${unique()}`;
    const email = `a-very-long-address-for-the-admin-table-${unique()}@a-long-example-domain.example.com`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('polish-pass-1');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.locator('.toast--danger', { hasText: 'The email has already been taken.' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL(/#\/admin\/user\/\d+\/edit$/);
    await page.locator('.toast--success', { hasText: 'The user has been created.' }).waitFor();
    expect(await page.locator('.toast--danger').count()).toBe(0);

    // A long email at 768 px: one line with an ellipsis, EDIT inside the table's frame, the whole address on focus.
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 1024 });
      await visit(page, '/admin/user_management', 'User Management');
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await settled(page);
      const edit = row.getByRole('link', { name: `Edit ${name}` });
      const frame = (await page.locator('.table-wrap').boundingBox())!;
      const button = (await edit.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const value = row.locator('.data-table__truncate', { hasText: email });
      const text = value.locator('.data-table__text');
      expect(await text.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
      expect((await text.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
      // By keyboard: from the name cell, Tab reaches the email, whose tooltip holds the whole address.
      await row.locator('.data-table__truncate', { hasText: name }).focus();
      await page.keyboard.press('Tab');
      expect(await value.evaluate((el) => el === document.activeElement && el.hasAttribute('data-cut'))).toBe(true);
      expect(await value.getAttribute('data-full')).toBe(email);
      expect(await value.evaluate((el) => getComputedStyle(el, '::after').content)).not.toBe('none');
      await screenshot(`h-admin-users-${width}`);
      await audit.check(`${width} /admin/user_management`);
    }

    // ?page=99 lands on the last page, and Back does not return to page 99.
    await visit(page, '/admin/user_management?page=99', 'User Management');
    await page.waitForURL((url) => !url.hash.includes('page=99'));
    // The table's caption says which page of how many: the last of them (once that page's rows have come).
    await page.getByRole('table', { name: /^Users, page (\d+) of \1,/ }).waitFor();
    await settled(page);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await audit.check('1280 /admin/user_management last page');

    // A user that is not there: the 404 notice stays on that screen and does not follow the admin back to the list.
    await visit(page, '/admin/user/2147483000/edit', 'Edit User');
    await page.locator('.toast--danger').waitFor();
    await page.getByRole('link', { name: 'User Management' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    expect(await page.locator('.toast--danger').count()).toBe(0);

    saveFindings('polish-admin', audit.findings);
    expect(audit.report).toBe('');
  });
});
