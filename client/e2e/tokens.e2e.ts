import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { LAPTOP, auditAtSizes } from './helpers/axe.ts';
import { baseUrl, newPage, useBrowser } from './helpers/browser.ts';
import { api, memberTest, signedInPage, signIn } from './helpers/members.ts';

const b = useBrowser();

describe('API tokens, in Chromium', () => {
  memberTest(
    'a member makes a token on the screen, copies it, calls the API with it, then revokes it',
    async ({ member }) => {
      const { page } = await newPage(b.browser);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await signIn(page, member.email, member.password);
      await page.waitForURL(/#\/gateway\/gateway$/);

      await page.goto('/#/with_menu/api_tokens');
      await expect.poll(() => page.getByText('You have no tokens.').isVisible()).toBe(true);
      await page.getByLabel('Name', { exact: true }).fill('Spreadsheet sync');
      await page.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByLabel('Token', { exact: true });
      await expect.poll(() => shown.isVisible()).toBe(true);
      const token = await shown.inputValue();
      expect(token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
      await page.getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      const me = await api('/user', { token });
      expect(me.status).toBe(200);
      expect(me.json.email).toBe(member.email);
      const write = await api('/user/contact_details', { method: 'PUT', token, body: {} });
      expect(write).toEqual({ status: 403, json: { message: 'This token may only read.' } });
      // The list shows the use, never the secret.
      await page.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: 'Spreadsheet sync' });
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.textContent()).not.toContain(token.split('|')[1]);
      expect(await row.getByText('Never').count()).toBe(1);

      await row.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, revoke' }).click();
      await expect.poll(() => page.getByText('You have no tokens.').isVisible()).toBe(true);
      expect((await api('/user', { token })).status).toBe(401);
    },
  );

  it("an admin makes one from the admin's menu and reads the admin API with it", async () => {
    const { page } = await signedInPage(b.browser, E2E_ADMIN);
    await page.waitForURL(/#\/admin\//);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API Tokens' }).click();
    await page.waitForURL(/#\/admin\/api_tokens$/);
    // The screen's own heading first: until its code is in, the user list (whose labels hold "Name") is still shown.
    await page.getByRole('heading', { level: 1, name: 'API Tokens' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Reporting');
    await page.getByLabel('Write: change your data too').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByLabel('Token', { exact: true });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const token = await shown.inputValue();
    expect((await api('/admin/audit_log', { token })).status).toBe(200);
  });

  memberTest('the screen has no serious or critical axe violations, on a phone and at 1280 px', async ({ member }) => {
    const sizes = [{ width: 390, height: 844 }, LAPTOP];
    await auditAtSizes(b.browser, sizes, member, async ({ page, screenshot, audit, viewport }) => {
      await page.waitForURL(/#\/gateway\/gateway$/);
      await page.goto('/#/with_menu/api_tokens');
      await page.getByLabel('Name', { exact: true }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill(`Reporting at ${viewport.width}`);
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByLabel('Token', { exact: true }).waitFor();
      await audit.check(`token shown at ${viewport.width}`);
      await screenshot(`tokens-shown-${viewport.width}`);
      await page.getByRole('button', { name: 'Done' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: `Reporting at ${viewport.width}` })
        .waitFor();
      await audit.check(`token list at ${viewport.width}`);
      await screenshot(`tokens-list-${viewport.width}`);
      expect(audit.report).toBe('');
    });
  });
});
