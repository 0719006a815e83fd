import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OFFLINE_TEST_CARDS } from '@evolution/shared';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { useBrowser, type TestPage } from './helpers/browser.ts';
import { ADDRESS, api, createMember, memberTest, signedInPage } from './helpers/members.ts';
import { settled, shows, visitSettled } from './helpers/screens.ts';

const b = useBrowser();

/** The screen at a phone, a tablet and a desktop width, saved as test-results/f-<name>-<width>.png. */
async function atThreeWidths(t: TestPage, name: string): Promise<void> {
  for (const width of [390, 768, 1280]) {
    await t.page.setViewportSize({ width, height: 900 });
    await t.screenshot(`f-${name}-${width}`);
  }
  await t.page.setViewportSize({ width: 1280, height: 800 });
}

/** Signs in on the login screen the app is showing (keeping its redirect query). */
async function logInHere(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'INITIATE' }).click();
}

describe('subscriptions and sessions, in Chromium', () => {
  it('a signed-in member subscribes with the billing address prefilled from contact details, and both stay in step', async () => {
    const member = await createMember({ subscribed: false, setupDone: true });
    const contact = {
      ...ADDRESS,
      address_line2: 'Flat 2',
      twitter: null,
      linkedin: null,
      facebook: null,
      instagram: null,
    };
    expect((await api('/user/contact_details', { method: 'PUT', token: member.token, body: contact })).status).toBe(
      200,
    );
    const t = await signedInPage(b.browser, member, AXE_CONTEXT);
    const { page } = t;
    await page.goto('/#/subscribe/warrior');
    await page.getByRole('button', { name: 'INITIATE Warrior monthly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warrior monthly' });
    await expect.poll(() => dialog.getByLabel('Address line 1').inputValue()).toBe(ADDRESS.address_line1);
    expect(await dialog.getByLabel('Telephone').inputValue()).toBe(ADDRESS.telephone);
    // The name and email are the account's: only the address is asked.
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    const audit = new AxeAudit(page);
    await audit.check('subscribe dialog, signed in');
    await atThreeWidths(t, 'subscribe-dialog');

    // A required field left empty is marked and nothing is sent.
    await dialog.getByLabel('Telephone').fill('');
    await dialog.getByLabel('Test card').selectOption(OFFLINE_TEST_CARDS.visa);
    await dialog.getByRole('button', { name: /^Subscribe/ }).click();
    await expect.poll(() => dialog.getByLabel('Telephone').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/#\/subscribe\/warrior$/);
    await dialog.getByLabel('Telephone').fill('0113 222 3333');
    await dialog.getByLabel('City').fill('York');
    await dialog.getByRole('button', { name: /^Subscribe/ }).click();
    await page.waitForURL(/#\/gateway\/gateway$/);

    await visitSettled(page, '/with_menu/contact_information', 'Contact Information');
    await shows(page, 'York');
    expect(await page.getByText('0113 222 3333').isVisible()).toBe(true);
    expect(await page.getByText('Flat 2').isVisible()).toBe(true);
    expect(await page.getByText('Not given').count()).toBe(4);
    await atThreeWidths(t, 'contact-information');
    expect(audit.report).toBe('');
  });

  memberTest(
    'a token revoked mid-session lands on login with the redirect, and signing in returns there',
    async ({ member }) => {
      const t = await signedInPage(b.browser, member, AXE_CONTEXT);
      const { page } = t;
      await visitSettled(page, '/with_menu/contact_information', 'Contact Information');
      // Watch for the error screen: it must never show, not even for a frame.
      await page.evaluate(() => {
        const w = window as unknown as { errorScreenSeen: boolean };
        w.errorScreenSeen = false;
        new MutationObserver(() => {
          if (document.body.textContent?.includes('Data could not be found')) w.errorScreenSeen = true;
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      // Signed out elsewhere: this phone's token is revoked on the server.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect((await api('/logout', { token })).status).toBe(200);

      await page.evaluate(() => {
        location.hash = '#/with_menu/channel_subscription';
      });
      await page.waitForURL(/#\/login\?redirect=%2Fwith_menu%2Fchannel_subscription$/);
      await shows(page, 'Your session has ended. Please log in again.');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await page.locator('.toast').filter({ hasText: 'unauthorized' }).count()).toBe(0);
      await atThreeWidths(t, 'session-ended-login');
      const audit = new AxeAudit(page);
      await audit.check('login after the session ended');

      await logInHere(page, member.email, member.password);
      await page.waitForURL(/#\/with_menu\/channel_subscription$/);
      await page.getByRole('heading', { level: 1, name: 'Channel Subscription' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { errorScreenSeen: boolean }).errorScreenSeen)).toBe(
        false,
      );
      expect(audit.report).toBe('');
    },
  );

  memberTest('changing and cancelling a plan say what happened, and until when access lasts', async ({ member }) => {
    const t = await signedInPage(b.browser, member, AXE_CONTEXT);
    const { page } = t;
    await page.goto('/#/upgrade/warrior');
    await page.getByRole('button', { name: 'INITIATE Warrior yearly' }).click();
    await page.getByRole('dialog', { name: 'Warrior yearly' }).getByRole('button', { name: 'Change plan' }).click();
    await page.waitForURL(/#\/with_menu\/channel_subscription$/);
    await shows(page, 'Your plan is now Warrior yearly.');
    await settled(page);
    await atThreeWidths(t, 'plan-changed');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
    // The spec's refresh-then-go: the gateway, with the notice of what happened.
    await page.waitForURL(/#\/gateway\/gateway$/);
    const notice = page.locator('.toast--success').filter({ hasText: 'Your Warrior yearly plan is cancelled.' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/You keep access until \d{1,2} \w+ \d{4}\./);
    await settled(page);
    const audit = new AxeAudit(page);
    await audit.check('gateway with the cancel notice');
    await atThreeWidths(t, 'cancel-notice');
    expect(audit.report).toBe('');
  });

  it('the setup screens offer Log out, and signing in again returns to the same step', async () => {
    const member = await createMember();
    const t = await signedInPage(b.browser, member, AXE_CONTEXT);
    const { page } = t;
    await page.waitForURL(/#\/setup\/par-q$/);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect.poll(() => account.getByRole('link', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await account.textContent()).toContain(member.name);
    const audit = new AxeAudit(page);
    await audit.check('PAR-Q');
    await atThreeWidths(t, 'parq-logout');

    await account.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await logInHere(page, member.email, member.password);
    await page.waitForURL(/#\/setup\/par-q$/);

    // Step 2 too: the fact-find keeps its place across a sign-out.
    const questions = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`question${n}`, 0]));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const parq = await api('/user/application_details', {
      method: 'POST',
      token,
      body: { ...questions, date: new Date().toISOString().slice(0, 10), e_signature: member.name },
    });
    expect(parq.status).toBeLessThan(300);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    await logInHere(page, member.email, member.password);
    await page.waitForURL(/#\/setup\/fact-find$/);
    await page.getByRole('heading', { level: 1, name: 'Fact Find' }).waitFor();
    await settled(page);
    await audit.check('fact-find');
    await atThreeWidths(t, 'factfind-logout');
    expect(audit.report).toBe('');
  });
});
