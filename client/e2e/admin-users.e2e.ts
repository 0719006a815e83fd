/**
 * Admin users in Chromium: an admin creates a member, finds them by search (the query string survives a reload),
 * edits them and sets their password (the old token stops working, the new password signs in); switches a superhuman
 * member's customised macros off, and that member's macro screen says so; deletes a user after confirming. axe-core
 * audits every user screen at 1280x800 and 768x1024.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUPERHUMAN_MESSAGE } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, NAMED_SIZES, saveFindings } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { visit } from './helpers/screens.ts';
import { api, createMember, signedInPage, signIn, unique, userIdOf } from './helpers/members.ts';

const b = useBrowser();

/** Waits for a success toast saying `text`. */
const toastSays = (page: Page, text: string | RegExp) =>
  page.locator('.toast--success', { hasText: text }).first().waitFor({ timeout: 15_000 });

describe('admin users, in Chromium', () => {
  it(
    'an admin creates, finds, edits and re-passwords a member; the old token dies and the new password signs in',
    { timeout: 180_000 },
    async () => {
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);

      // Create: the form's own messages first, then a member.
      await visit(page, '/admin/user/create', 'Create User');
      await page.getByRole('button', { name: 'Create user' }).click();
      await page.getByText('The email is required').waitFor();
      expect(await page.getByText('Enter the name.').count()).toBe(1);
      const email = `made-${unique()}@example.com`;
      await page.getByLabel('Name', { exact: true }).fill('Coach Made Member');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password').fill('made-pass-1');
      await page.getByLabel('User type').selectOption({ label: 'User (member)' });
      await page.getByRole('button', { name: 'Create user' }).click();
      await page.waitForURL(/#\/admin\/user\/\d+\/edit$/);
      await toastSays(page, 'The user has been created.');
      const userId = Number(/user\/(\d+)\/edit/.exec(page.url())![1]);
      const first = await api('/login', { method: 'POST', body: { email, password: 'made-pass-1' } });
      expect(first.status).toBe(200);

      // Find them by search; the query string keeps the search through a reload.
      await visit(page, '/admin/user_management', 'User Management');
      await page.getByLabel('Search users by name or email').fill(email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.hash.includes(`search=${encodeURIComponent(email)}`));
      await page.reload();
      await page.getByRole('cell', { name: email }).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(await page.getByLabel('Search users by name or email').inputValue()).toBe(email);
      await screenshot('admin-users-list-searched');

      // Edit their name and email.
      await page.getByRole('link', { name: 'Edit Coach Made Member' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Coach Made Member' }).waitFor();
      const details = page.locator('form', { has: page.getByRole('heading', { name: 'Details' }) });
      await details.getByLabel('Email', { exact: true }).fill('not-an-email');
      await details.getByRole('button', { name: 'Save details' }).click();
      await details.getByText('Invalid email').waitFor();
      await details.getByLabel('Name', { exact: true }).fill('Coach Renamed');
      await details.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
      await details.getByRole('button', { name: 'Save details' }).click();
      await toastSays(page, 'The user has been updated.');
      await page.getByRole('heading', { level: 1, name: 'Edit Coach Renamed' }).waitFor();

      // Set a password: the repeat must match; then every old session ends.
      const password = page.locator('form', { has: page.getByRole('heading', { name: 'Set password' }) });
      await password.getByLabel('New password').fill('coach-set-9');
      await password.getByLabel('Repeat password').fill('coach-set-8');
      await password.getByRole('button', { name: 'Set password' }).click();
      await password.getByText('The repeat password must be same as password').waitFor();
      await password.getByLabel('Repeat password').fill('coach-set-9');
      await password.getByRole('button', { name: 'Set password' }).click();
      await toastSays(page, 'The password has been set.');
      await screenshot('admin-users-edit-member');
      expect((await api('/user', { token: first.json.access_token })).status).toBe(401);

      const member = await newPage(b.browser);
      await signIn(member.page, email, 'coach-set-9');
      // An account an admin creates starts at the PAR-Q, as a registration does.
      await member.page.waitForURL(/#\/setup\/par-q$/);
      expect((await api('/login', { method: 'POST', body: { email, password: 'made-pass-1' } })).status).toBe(422);

      // Delete, after confirming; the list no longer has them.
      await page.getByRole('button', { name: 'Delete user' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
      await dialog.waitFor();
      await screenshot('admin-users-delete-confirm');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL(/#\/admin\/user_management$/);
      await toastSays(page, 'The user and their data have been deleted.');
      expect((await api('/login', { method: 'POST', body: { email, password: 'coach-set-9' } })).status).toBe(422);
      await visit(page, `/admin/user/${userId}/edit`, 'Edit User');
      await page.getByText('Data could not be found.').waitFor();
    },
  );

  it(
    "switching a superhuman member's customised macros off shows on the member's macro screen",
    { timeout: 120_000 },
    async () => {
      const superhuman = await createMember({ setupDone: true, planId: 3, channelId: 2 });
      const memberId = await userIdOf(superhuman);
      const member = await signedInPage(b.browser, superhuman);
      await member.page.goto('/#/with_menu/macro_data');
      await member.page.getByRole('heading', { level: 1, name: 'Macro Data' }).waitFor();
      expect(await member.page.getByText(SUPERHUMAN_MESSAGE.macrosOff).count()).toBe(0);

      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);
      await visit(page, `/admin/user/${memberId}/edit`, `Edit ${superhuman.name}`);
      const macros = page.getByRole('radiogroup', { name: 'Customised macros' });
      expect(await macros.getByRole('radio', { name: 'Plan (on now)' }).getAttribute('aria-checked')).toBe('true');
      await macros.getByRole('radio', { name: 'Off' }).click();
      await toastSays(page, 'Feature access updated.');
      expect(await macros.getByRole('radio', { name: 'Off' }).getAttribute('aria-checked')).toBe('true');
      await page.locator('.access-item', { hasText: 'Customised macros' }).getByText('Closed now').waitFor();
      await screenshot('admin-users-access-off');

      // The member's next call obeys: no new sign-in needed.
      await member.page.reload();
      await member.page.getByText(SUPERHUMAN_MESSAGE.macrosOff).waitFor({ timeout: 15_000 });
      await member.screenshot('admin-users-member-macros-off');
    },
  );

  it(
    'the user screens have no serious or critical axe violations at 1280x800 and 768x1024',
    { timeout: 180_000 },
    async () => {
      const target = await createMember({ setupDone: true, planId: 3, channelId: 2 });
      const targetId = await userIdOf(target);
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
      const audit = new AxeAudit(page);
      for (const vp of NAMED_SIZES) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await visit(page, '/admin/user_management', 'User Management');
        await page.getByRole('table').waitFor();
        await audit.check(`${vp.name} /admin/user_management`);
        await visit(page, '/admin/user/create', 'Create User');
        await audit.check(`${vp.name} /admin/user/create`);
        await page.getByRole('button', { name: 'Create user' }).click();
        await page.getByText('The email is required').waitFor();
        await audit.check(`${vp.name} /admin/user/create with errors`);
        await visit(page, `/admin/user/${targetId}/edit`, `Edit ${target.name}`);
        await page.getByRole('radiogroup', { name: 'Customised macros' }).waitFor();
        await audit.check(`${vp.name} /admin/user/{id}/edit`);
        await screenshot(`admin-users-edit-${vp.name}`);
        await page.getByRole('button', { name: 'Delete user' }).click();
        await page.getByRole('alertdialog', { name: 'Delete user' }).waitFor();
        await audit.check(`${vp.name} delete confirmation`);
        await page.getByRole('button', { name: 'Keep' }).click();
        // The admin's own account: no delete, no password form, the type fixed.
        const self = (
          await api('/login', { method: 'POST', body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })
        ).json.user_id as number;
        await visit(page, `/admin/user/${self}/edit`, /^Edit /);
        expect(await page.getByRole('button', { name: 'Delete user' }).count()).toBe(0);
        expect(await page.getByLabel('User type').isDisabled()).toBe(true);
        await audit.check(`${vp.name} /admin/user/{own id}/edit`);
        if (vp.name === 'tablet') await screenshot('admin-users-own-tablet');
      }
      saveFindings('admin-users', audit.findings);
      expect(audit.report).toBe('');
      expect(audit.screens).toHaveLength(12);
    },
  );
});
