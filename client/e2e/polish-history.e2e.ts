/**
 * History in Chromium: the chamber version lives in the address, so a reload keeps it, on the member's chamber and on
 * the admin's record of that member (a page past the last shows the first, quietly); the VO2 edit says which
 * neighbour a save would move, and to what, before saving. axe-core finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, saveFindings } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { adminToken, api, signIn } from './helpers/members.ts';
import { shows, visit } from './helpers/screens.ts';

const b = useBrowser();
const label = (page: import('playwright-core').Page) => page.locator('.chamber-pager__version').textContent();

describe('history polish, in Chromium', () => {
  it(
    'keeps the chamber version over a reload on both sides and previews a VO2 move',
    { timeout: 120_000 },
    async () => {
      // The demo member has three chamber pages (DEMO_SEED): step to the second, reload, and it is still shown.
      const member = await newPage(b.browser, AXE_CONTEXT);
      const audit = new AxeAudit(member.page);
      await signIn(member.page, DEMO_MEMBER.email, DEMO_MEMBER.password);
      await visit(member.page, '/evolution', 'Chamber');
      await expect.poll(() => label(member.page)).toBe('v1.0');
      const before = await member.page.evaluate(() => history.length);
      await member.page.getByRole('button', { name: 'Next version' }).click();
      await member.page.waitForURL(/#\/evolution\?page=2$/);
      await expect.poll(() => member.page.locator('.chamber-pager__count').textContent()).toMatch(/^2 of /);
      const second = await label(member.page);
      expect(second).not.toBe('v1.0');
      // Stepping replaces the address: Back leaves the chamber rather than walking through the versions.
      expect(await member.page.evaluate(() => history.length)).toBe(before);
      await member.page.reload();
      await expect.poll(() => label(member.page)).toBe(second);
      expect(await member.page.locator('.chamber-pager__count').textContent()).toMatch(/^2 of \d+$/);
      await audit.check('member chamber at page 2');
      // A page past the last: the first version, the address without a page, no error notice.
      await visit(member.page, '/evolution?page=99', 'Chamber');
      await member.page.waitForURL(/#\/evolution$/);
      await expect.poll(() => label(member.page)).toBe('v1.0');
      expect(await member.page.locator('.toast--danger').count()).toBe(0);

      // The admin's record of the same member: the same page, the same version, after a reload too.
      const login = await api('/login', { method: 'POST', body: DEMO_MEMBER });
      const id = login.json.user_id as number;
      const admin = await newPage(b.browser, AXE_CONTEXT);
      const adminAudit = new AxeAudit(admin.page);
      await signIn(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.page.goto(`/#/admin/user/${id}/evolution_chamber?page=2`);
      await expect.poll(() => label(admin.page), { timeout: 15_000 }).toBe(second);
      await admin.page.getByRole('button', { name: 'Previous version' }).click();
      await admin.page.waitForURL(new RegExp(`#/admin/user/${id}/evolution_chamber$`));
      await admin.page.getByRole('button', { name: 'Next version' }).click();
      await admin.page.waitForURL(/evolution_chamber\?page=2$/);
      await admin.page.reload();
      await expect.poll(() => label(admin.page), { timeout: 15_000 }).toBe(second);
      await adminAudit.check('admin chamber at page 2');

      // The VO2 edit: a new min for Fair names Poor and its new range before saving; unticked, nothing moves.
      const token = await adminToken();
      const scale = async () => (await api('/admin/vo2max?page=1', { token })).json.data;
      const scaleBefore = await scale();
      await visit(admin.page, '/admin/vo2_max/3/edit', 'Edit VO2 Max Level');
      await shows(admin.page, 'No other level moves.');
      await admin.page.getByLabel('Min (ml/kg/min)').fill('37');
      await shows(admin.page, 'Saving also moves Poor to 33 to 36.9.');
      await adminAudit.check('VO2 edit with a move previewed');
      await admin.page.getByLabel("Move the neighbouring levels' bounds with this range").uncheck();
      await shows(admin.page, 'No other level moves: the range must meet its neighbours as they are.');
      // Nothing was saved: leaving the screen leaves the scale as it was.
      await admin.page.getByRole('link', { name: 'Cancel' }).click();
      await admin.page.getByRole('heading', { level: 1, name: 'VO2 Max Management' }).waitFor();
      expect(await scale()).toEqual(scaleBefore);

      saveFindings('polish-history', [...audit.findings, ...adminAudit.findings]);
      expect(audit.report + adminAudit.report).toBe('');
    },
  );
});
