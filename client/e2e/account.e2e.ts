import { describe, expect } from 'vitest';
import { newPage, useBrowser } from './helpers/browser.ts';
import { linkIn, waitForMail } from './helpers/mailbox.ts';
import { api, canLogIn, memberTest, signedInPage, signIn } from './helpers/members.ts';

const b = useBrowser();

describe('account screens, in Chromium', () => {
  memberTest('changing the password refuses the old token and keeps this session going', async ({ member }) => {
    const { page } = await signedInPage(b.browser, member);
    await page.waitForURL(/#\/gateway\/gateway$/);
    const oldToken = await page.evaluate(() => localStorage.getItem('token'));

    await page.goto('/#/with_menu/settings');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password is required').count()).toBe(2);
    expect(await page.getByText('Please confirm your password').isVisible()).toBe(true);
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('second-pass-456');
    await page.getByLabel('Confirm new password').fill('second-pass-45');
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm new password').fill('second-pass-456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('.toast--success').filter({ hasText: 'Your password has been changed.' }).isVisible())
      .toBe(true);

    const newToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect((await api('/user', { token: oldToken })).status).toBe(401);
    expect((await api('/user', { token: newToken })).status).toBe(200);
    // The page carries on with the new token.
    await page.goto('/#/with_menu/contact_information');
    await expect.poll(() => page.getByText('1 Test Street').isVisible()).toBe(true);
    expect(await canLogIn(member.email, 'second-pass-456')).toBe(true);
  });

  memberTest('forgot password, then reset it with the link emailed through SMTP', async ({ member }) => {
    const { page } = await newPage(b.browser);
    await page.goto('/#/forgot_password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/#\/login$/);

    const mail = await waitForMail(member.email, { subject: /reset/i });
    const link = linkIn(mail, /https?:\/\/\S+reset-password\S+/);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(member.email);
    await page.getByLabel('Password', { exact: true }).fill('after-reset-789');
    await page.getByLabel('Confirm password').fill('after-reset-789');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/#\/login$/);
    await expect
      .poll(() =>
        page.locator('.toast--success').filter({ hasText: 'Your password has been reset. Please log in.' }).isVisible(),
      )
      .toBe(true);

    expect(await canLogIn(member.email, member.password)).toBe(false);
    await signIn(page, member.email, 'after-reset-789');
    await page.waitForURL(/#\/gateway\/gateway$/);
    // The link is single use.
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('another-pass-000');
    await page.getByLabel('Confirm password').fill('another-pass-000');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() =>
        page
          .locator('.toast--danger')
          .filter({ hasText: 'This password reset link is invalid or has expired.' })
          .isVisible(),
      )
      .toBe(true);
  });

  memberTest(
    'cancel asks "Confirm" / "Game Over?", then the subscription screen says until when access lasts',
    async ({ member }) => {
      const { page } = await signedInPage(b.browser, member);
      await page.goto('/#/with_menu/channel_subscription');
      await expect.poll(() => page.getByText('Warrior monthly · £29.99 per month').isVisible()).toBe(true);

      await page.getByRole('button', { name: 'Cancel' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm' });
      expect(await confirm.getByText('Game Over?').isVisible()).toBe(true);
      await confirm.getByRole('button', { name: 'No' }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
      await page.waitForURL(/#\/gateway\/gateway$/);

      const view = (await api('/user/subscription', { token: member.token })).json.data;
      expect(view.cancel_at_period_end).toBe(true);
      const until = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(view.current_period_end),
      );
      await page.goto('/#/with_menu/channel_subscription');
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: `Cancelled: your access lasts until ${until}.` })
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      // Access lasts until then: the member still opens member screens.
      await page.goto('/#/channel-menu');
      await expect.poll(() => page.getByRole('heading', { name: 'Channels' }).isVisible()).toBe(true);

      // Changing their mind: Keep my plan undoes the cancellation, and Cancel is offered again.
      await page.goto('/#/with_menu/channel_subscription');
      await page.getByRole('button', { name: 'Keep my plan' }).click();
      await expect.poll(() => page.getByText(`Renews on ${until}`).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
      expect((await api('/user/subscription', { token: member.token })).json.data).toMatchObject({
        active: true,
        cancel_at_period_end: false,
      });
    },
  );

  memberTest(
    "contact information, work volume with its forwarding, and the member's data: download and delete",
    async ({ member }) => {
      const { page } = await signedInPage(b.browser, member, { acceptDownloads: true });

      await page.goto('/#/with_menu/contact_information');
      await page.getByRole('button', { name: 'Edit' }).click();
      // Edit opens the form; it does not submit it (no messages before Save).
      await expect.poll(() => page.getByLabel('City').isVisible()).toBe(true);
      expect(await page.getByText(/is required$/).count()).toBe(0);
      await page.getByLabel('City').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('City is required').isVisible()).toBe(true);
      await page.getByLabel('City').fill('York');
      await page.getByLabel('Address Line 2').fill('Flat 2');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
      expect(await page.getByText('York', { exact: true }).isVisible()).toBe(true);

      await page.goto('/#/with_menu/work_volume_analysis?from=general&phase=7');
      await page.getByRole('radio', { name: /36\s*Seriously Advanced/ }).check();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect
        .poll(() => page.locator('.toast--success').filter({ hasText: 'Work volume analysis updated' }).isVisible())
        .toBe(true);
      await page.waitForURL(/#\/user\/warrior\/general\/phase$/);
      expect((await api('/user/sets', { token: member.token })).json.data.number_of_sets).toBe(36);

      await page.goto('/#/with_menu/your_data');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download (JSON)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^evolution-data-\d{4}-\d{2}-\d{2}\.json$/);
      const { readFile } = await import('node:fs/promises');
      const data = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
      expect(data.account.email).toBe(member.email);
      expect(data.contact_details.city).toBe('York');

      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete your account?' })
        .getByRole('button', { name: 'Yes, delete' })
        .click();
      await page.waitForURL(/#\/login$/);
      expect(await canLogIn(member.email, member.password)).toBe(false);
    },
  );
});
