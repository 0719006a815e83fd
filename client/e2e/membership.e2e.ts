import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OFFLINE_TEST_CARDS } from '@evolution/shared';
import { newPage, useBrowser } from './helpers/browser.ts';
import { ADDRESS, canLogIn, createMember, memberTest, signedInPage, unique } from './helpers/members.ts';

const b = useBrowser();

/** Opens a plan's dialog on /subscribe/warrior and fills the registration part as a visitor. */
async function fillRegistration(page: Page, email: string, card: string) {
  await page.goto('/#/subscribe/warrior');
  await page.getByRole('button', { name: 'INITIATE Warrior monthly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warrior monthly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill('Visitor Tester');
  await dialog.getByLabel('Password', { exact: true }).fill('visitor-pass-1');
  await dialog.getByLabel('Confirm password').fill('visitor-pass-1');
  await dialog.getByLabel('Address line 1').fill(ADDRESS.address_line1);
  await dialog.getByLabel('City').fill(ADDRESS.city);
  await dialog.getByLabel('County').fill(ADDRESS.county);
  await dialog.getByLabel('Postcode').fill(ADDRESS.postcode);
  await dialog.getByLabel('Telephone').fill(ADDRESS.telephone);
  await dialog.getByLabel('Test card').selectOption(card);
  return dialog;
}

describe('subscribing, in Chromium', () => {
  it("shows the channel's plans in pounds with their duration, and immortal as not for sale", async () => {
    const { page } = await newPage(b.browser);
    await page.goto('/#/subscribe/warrior');
    await expect.poll(() => page.getByRole('heading', { name: 'Warrior', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText('£29.99').isVisible()).toBe(true);
    expect(await page.getByText('per month').first().isVisible()).toBe(true);
    await page.goto('/#/subscribe/immortal');
    await expect.poll(() => page.getByRole('button', { name: /^INITIATE Immortal/ }).isDisabled()).toBe(true);
  });

  it('a new visitor subscribes with the offline test card and lands on the PAR-Q', async () => {
    const { page } = await newPage(b.browser);
    const dialog = await fillRegistration(page, `visitor-${unique()}@example.com`, OFFLINE_TEST_CARDS.visa);
    // Without a Stripe key the card part is the clearly labelled test-card field.
    expect(await dialog.getByText('Test mode', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /^Subscribe/ }).click();
    await page.waitForURL(/#\/setup\/par-q$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      subscription: JSON.parse(localStorage.getItem('subscription') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.subscription).toMatchObject({ active: true, plan: { plan_id: 1 } });
  });

  it('a declined card shows "Registration was not successful" and creates nothing', async () => {
    const { page } = await newPage(b.browser);
    const email = `declined-${unique()}@example.com`;
    const dialog = await fillRegistration(page, email, OFFLINE_TEST_CARDS.declined);
    const subscribe = dialog.getByRole('button', { name: /^Subscribe/ });
    await subscribe.click();
    await expect
      .poll(() => page.locator('.toast--danger').filter({ hasText: 'Registration was not successful' }).isVisible())
      .toBe(true);
    expect(await page.locator('.toast--danger').first().textContent()).toContain('declined');
    // The visitor stays on the dialog, can try again, and has no account or session.
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    expect(page.url()).toMatch(/#\/subscribe\/warrior$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await canLogIn(email, 'visitor-pass-1')).toBe(false);
  });

  memberTest('a member sees their plan marked current and disabled, and changes to another', async ({ member }) => {
    const { page } = await signedInPage(b.browser, member);
    await page.goto('/#/upgrade/warrior');
    const current = page.getByRole('listitem').filter({ hasText: 'Warrior monthly' });
    await expect.poll(() => current.getByText('Current').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'INITIATE Warrior monthly' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'INITIATE Warrior yearly' }).isEnabled()).toBe(true);
    // The upgrade menu badges the current channel.
    await page.goto('/#/with_menu/upgrade');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Warrior/ })
          .getByText('current')
          .isVisible(),
      )
      .toBe(true);
    // Another plan is a prorated change on the card already held; the session follows.
    await page.goto('/#/upgrade/warrior');
    await page.getByRole('button', { name: 'INITIATE Warrior yearly' }).click();
    await page.getByRole('dialog', { name: 'Warrior yearly' }).getByRole('button', { name: 'Change plan' }).click();
    await page.waitForURL(/#\/with_menu\/channel_subscription$/);
    await expect.poll(() => page.getByText('Warrior yearly · £299.00 per year').isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('subscription') ?? 'null')?.plan?.plan_id)).toBe(
      2,
    );
  });
});

describe('setup, in Chromium', () => {
  it('PAR-Q, then fact-find, then Ground Zero', async () => {
    const member = await createMember();
    const { page } = await signedInPage(b.browser, member);
    await page.waitForURL(/#\/setup\/par-q$/);

    const questions = page.getByRole('group');
    await expect.poll(() => questions.count()).toBe(7);
    for (let i = 0; i < 6; i++) await questions.nth(i).getByRole('radio', { name: 'No' }).check();
    // The submission section waits for the seventh answer.
    expect(await page.getByRole('heading', { name: 'Submission' }).count()).toBe(0);
    await questions.nth(6).getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => page.getByText(/seek medical advice/i).isVisible()).toBe(true);
    await questions.nth(6).getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => page.getByText(/good to go/i).isVisible()).toBe(true);
    expect(await page.getByLabel('Date').isDisabled()).toBe(true);
    expect(await page.getByLabel('Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('E Signutre is required').isVisible()).toBe(true);
    await page.getByLabel('E-signature').fill(member.name);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/#\/setup\/fact-find$/);
    // The introduction's video, a player named after it (the demo seeds one).
    await expect.poll(() => page.getByLabel('Introduction', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Height is required').isVisible()).toBe(true);
    await page.getByLabel('Date of Birth').fill('1992-04-18');
    await page.getByLabel('Height (inches)').fill('69');
    await page.getByLabel('Weight (kg)').fill('78.5');
    await page.getByLabel('Wrist (inches)').fill('6.8');
    await page.getByLabel('Ankle (inches)').fill('8.9');
    await page.getByLabel('Desired Aesthetic').selectOption('Titan');
    await page.getByLabel('Food Category').selectOption('Vegetarian');
    await page.getByLabel('Waking Time').fill('06:15');
    await page.getByLabel('Work Start Time').fill('08:30');
    await page.getByLabel('Work Break Length').fill('45 minutes');
    await page.getByLabel('Work Finish Time').fill('17:00');
    await page.getByLabel('Time of Slumber').fill('22:30');
    await page.getByLabel('Physical Activities').fill('Climbing and cycling');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/#\/gateway\/gateway$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Ground Zero' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))).toMatchObject({
      initial_setup: 0,
    });
    // Setup pages are closed once setup is done.
    await page.goto('/#/setup/par-q');
    await page.waitForURL(/#\/gateway\/gateway$/);
  });
});
