/**
 * Accessibility in the real browser: axe-core's WCAG 2.0/2.1 A and AA rules on every member and public screen (and
 * their dialogs, the side menu, form messages and the phase runner's states), failing on any serious or critical
 * violation; and keyboard checks of the login form, the skip link and the side menu.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, PHONE, saveFindings } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { calibrationPhase, MAX_TESTS, measuredSuperhuman, threePhotos } from './helpers/calibration.ts';
import { api, createMember, memberTest, signedInPage, signIn } from './helpers/members.ts';

const b = useBrowser();

/** Opens a screen by its hash path and waits for its main heading (or `ready`) to show. */
async function visit(page: Page, path: string, ready = page.locator('#main h1').first()): Promise<void> {
  await page.goto(`/#${path}`);
  await ready.waitFor({ state: 'visible', timeout: 15_000 });
}

/**
 * Keeps every finding of an audit, minor and moderate ones too, in test-results/axe-<name>.json, and answers what the
 * test checks: the screens audited and the serious or critical violations, one rule a line with its impact and the
 * selectors of the offending nodes under it (empty when there are none).
 */
function outcome(audit: AxeAudit, name: string): { screens: string[]; violations: string } {
  saveFindings(name, audit.findings);
  return { screens: audit.screens, violations: audit.report };
}

describe('accessibility (axe-core, WCAG 2.1 A and AA), in Chromium', () => {
  it('the public screens and the purchase dialog have no serious or critical violations', async () => {
    const { page } = await newPage(b.browser, AXE_CONTEXT);
    const audit = new AxeAudit(page);
    const pages = ['/login', '/register', '/forgot_password', '/signup', '/subscribe/warrior'];

    for (const path of pages) {
      await visit(page, path);
      await audit.check(path);
    }
    await page.getByRole('button', { name: 'INITIATE Warrior monthly' }).click();
    await page.getByRole('dialog', { name: 'Warrior monthly' }).waitFor();
    await audit.check('/subscribe/warrior purchase dialog');
    await page.keyboard.press('Escape');

    // The forms' messages: a refused sign-in (its toast) and an empty registration.
    await visit(page, '/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'INITIATE' }).click();
    await page.locator('.toast--danger').first().waitFor();
    await audit.check('/login refused');
    await visit(page, '/register');
    await page.getByRole('button', { name: /register/i }).click();
    await page.getByText('This is a required field').first().waitFor();
    await audit.check('/register with errors');
    await visit(page, '/reset-password?token=not-a-token&email=nobody%40example.com');
    await audit.check('/reset-password');

    const screens = [
      ...pages,
      '/subscribe/warrior purchase dialog',
      '/login refused',
      '/register with errors',
      '/reset-password',
    ];
    expect(outcome(audit, 'public')).toEqual({ screens, violations: '' });
  });

  it('the setup screens (PAR-Q and fact-find) have no serious or critical violations', async () => {
    const first = await createMember();
    const { page } = await newPage(b.browser, AXE_CONTEXT);
    const audit = new AxeAudit(page);
    await signIn(page, first.email, first.password);
    await page.waitForURL(/#\/setup\/par-q$/);
    await page.locator('#main h1').waitFor();
    await audit.check('/setup/par-q');
    // Answered: the submission section (date and e-signature) shows.
    const questions = page.getByRole('group');
    await expect.poll(() => questions.count()).toBe(7);
    for (let i = 0; i < 7; i++) await questions.nth(i).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('heading', { name: 'Submission' }).waitFor();
    await audit.check('/setup/par-q answered');

    // A member past the PAR-Q lands on the fact-find.
    const second = await createMember();
    const questionsAnswered = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`question${n}`, 0]));
    const parq = await api('/user/application_details', {
      method: 'POST',
      token: second.token,
      body: { ...questionsAnswered, date: new Date().toISOString().slice(0, 10), e_signature: second.name },
    });
    expect(parq.status).toBeLessThan(300);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, second.email, second.password);
    await page.waitForURL(/#\/setup\/fact-find$/);
    await page.locator('#main h1').waitFor();
    await audit.check('/setup/fact-find');
    // The form's own messages after an empty submit.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Height is required').waitFor();
    await audit.check('/setup/fact-find with errors');

    const screens = ['/setup/par-q', '/setup/par-q answered', '/setup/fact-find', '/setup/fact-find with errors'];
    expect(outcome(audit, 'setup')).toEqual({ screens, violations: '' });
  });

  memberTest(
    "a member's screens, the side menu and the confirm dialog have no serious or critical violations",
    { timeout: 120_000 },
    async ({ member }) => {
      const { page } = await newPage(b.browser, AXE_CONTEXT);
      const audit = new AxeAudit(page);
      await signIn(page, member.email, member.password);
      await page.waitForURL(/#\/gateway\/gateway$/);
      await page.locator('#main h1').waitFor();
      await audit.check('/gateway/gateway');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await audit.check('side menu');
      await page.getByRole('button', { name: 'Account Settings' }).click();
      await page.getByRole('dialog', { name: 'Account Settings' }).waitFor();
      await audit.check('side menu: Account Settings');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      const screens = [
        '/channel-menu',
        '/with_menu/upgrade',
        '/with_menu/settings',
        '/with_menu/contact_information',
        '/with_menu/channel_subscription',
        '/with_menu/work_volume_analysis',
        '/with_menu/your_data',
        '/warrior/ground-zero',
        '/warrior/technique-guides',
        '/introduction?type=warrior',
        '/user/warrior/calibration',
      ];
      for (const path of screens) {
        await visit(page, path);
        await audit.check(path);
      }
      // The account screens' forms after an empty or wrong submit.
      await visit(page, '/with_menu/settings');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Please confirm your password').waitFor();
      await audit.check('/with_menu/settings with errors');
      await visit(page, '/with_menu/contact_information');
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await audit.check('/with_menu/contact_information editing');

      // Cancel asks to confirm in an alert dialog.
      await visit(page, '/with_menu/channel_subscription');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm' }).waitFor();
      await audit.check('/with_menu/channel_subscription Confirm dialog');
      await page.getByRole('alertdialog', { name: 'Confirm' }).getByRole('button', { name: 'No' }).click();

      // The phase runner of the first calibration phase (navigation hidden).
      await visit(page, '/user/warrior/calibration');
      await page.locator('a.step-list__item--active').click();
      await page.waitForURL(/#\/user\/warrior\/calibration\/phase$/);
      await page.locator('#main h1').waitFor();
      await audit.check('/user/warrior/calibration/phase');

      expect(outcome(audit, 'member')).toEqual({
        screens: [
          '/gateway/gateway',
          'side menu',
          'side menu: Account Settings',
          ...screens,
          '/with_menu/settings with errors',
          '/with_menu/contact_information editing',
          '/with_menu/channel_subscription Confirm dialog',
          '/user/warrior/calibration/phase',
        ],
        violations: '',
      });
    },
  );

  memberTest(
    'the phase runner through calibration, then the versions, results and chamber have no serious or critical violations',
    { timeout: 120_000 },
    async ({ member }) => {
      await calibrationPhase(member, 'vo2', { time_to_complete: 900 });
      const { page } = await newPage(b.browser, AXE_CONTEXT);
      const audit = new AxeAudit(page);
      // The runner's timers run on Playwright's clock.
      await page.clock.install();
      await signIn(page, member.email, member.password);

      // The max tests: a set before, during and after its timer, and Restart's question.
      await visit(page, '/user/warrior/calibration/phase', page.getByRole('button', { name: 'Play', exact: true }));
      await audit.check('runner: max tests');
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await page.clock.fastForward(5000 + 10_000);
      await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
      await audit.check('runner: set running');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByLabel('Reps').waitFor();
      await audit.check('runner: reps entry');
      await page.getByRole('button', { name: 'Restart', exact: true }).click();
      await page.getByRole('alertdialog', { name: 'YOU SURE?' }).waitFor();
      await audit.check('runner: restart dialog');
      await page.getByRole('button', { name: 'Disagree' }).click();

      // The data analysis, with its messages after an empty submit.
      await calibrationPhase(member, 'exercise', MAX_TESTS);
      await visit(page, '/user/warrior/calibration');
      await visit(page, '/user/warrior/calibration/phase', page.getByLabel('Image 1', { exact: true }));
      await audit.check('runner: data analysis');
      await page.getByRole('button', { name: 'Submit Data' }).click();
      await page.getByText('Weight is required').first().waitFor();
      await audit.check('runner: data analysis with errors');

      // Calibrated: versions, the first version's phases, the results screens and the chamber with its chart.
      await calibrationPhase(member, 'data-analysis', {
        weight: 82.4,
        waist: 34,
        chest: 40,
        bicep: 14.5,
        quad: 23,
        body_fat: 18.2,
        ...(await threePhotos(member.token)),
      });
      // A fresh sign-in carries the evolution_page access the calibration opened.
      await page.evaluate(() => localStorage.clear());
      await signIn(page, member.email, member.password);
      await visit(page, '/warrior/version', page.locator('a.step-list__item--active'));
      expect(page.url()).toMatch(/#\/warrior\/version$/);
      await audit.check('/warrior/version');
      await visit(page, '/user/warrior/general', page.locator('a.step-list__item--active'));
      await audit.check('/user/warrior/general');
      for (const path of ['/with_menu/calibration_results', '/with_menu/workout_results', '/with_menu/form_levels']) {
        await visit(page, path);
        await audit.check(path);
      }
      await visit(page, '/evolution', page.locator('.chart--muscle svg'));
      await audit.check('/evolution');

      expect(outcome(audit, 'runner-and-results')).toEqual({
        screens: [
          'runner: max tests',
          'runner: set running',
          'runner: reps entry',
          'runner: restart dialog',
          'runner: data analysis',
          'runner: data analysis with errors',
          '/warrior/version',
          '/user/warrior/general',
          '/with_menu/calibration_results',
          '/with_menu/workout_results',
          '/with_menu/form_levels',
          '/evolution',
        ],
        violations: '',
      });
    },
  );

  memberTest(
    'on a phone, the gateway, the side menu and the account screens have no serious or critical violations',
    async ({ member }) => {
      const { page } = await newPage(b.browser, {
        ...AXE_CONTEXT,
        viewport: PHONE,
        hasTouch: true,
      });
      const audit = new AxeAudit(page);
      await signIn(page, member.email, member.password);
      await visit(page, '/gateway/gateway');
      await audit.check('phone: /gateway/gateway');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await audit.check('phone: side menu');
      await page.keyboard.press('Escape');
      for (const path of ['/with_menu/contact_information', '/with_menu/channel_subscription', '/signup']) {
        await visit(page, path);
        await audit.check(`phone: ${path}`);
      }

      const screens = [
        'phone: /gateway/gateway',
        'phone: side menu',
        'phone: /with_menu/contact_information',
        'phone: /with_menu/channel_subscription',
        'phone: /signup',
      ];
      expect(outcome(audit, 'phone')).toEqual({ screens, violations: '' });
    },
  );

  it(
    'the Superhuman screens and macro data, on a desktop and on a phone, have no serious or critical violations',
    { timeout: 120_000 },
    async () => {
      const member = await measuredSuperhuman();
      const groups = (await api('/user/meal/group', { token: member.token })).json.data as {
        id: number;
        name: string;
        children: { id: number; name: string }[];
      }[];
      const vegan = groups.flatMap((g) => g.children).find((g) => g.name === 'Vegan')!;
      const meals = (await api(`/user/meal/group/${vegan.id}/meals`, { token: member.token })).json.data as {
        id: number;
      }[];
      const paths = [
        '/superhuman/ground-zero',
        '/superhuman/macro-guidelines',
        '/superhuman/meal-groups',
        '/superhuman/meal-groups?parentId=1',
        '/superhuman/meal-groups?parentId=2',
        '/superhuman/meal/saturni-elixir/phase-one',
        `/superhuman/meal/vegan/${vegan.id}`,
        `/superhuman/meal/vegan/${vegan.id}/${meals[0]!.id}`,
        '/with_menu/macro_data',
      ];
      const screens: string[] = [];
      const audits: AxeAudit[] = [];
      for (const [device, options] of [
        ['desktop', AXE_CONTEXT],
        ['phone', { ...AXE_CONTEXT, viewport: PHONE, hasTouch: true }],
      ] as const) {
        const { page } = await newPage(b.browser, options);
        const audit = new AxeAudit(page);
        audits.push(audit);
        await signIn(page, member.email, member.password);
        for (const path of paths) {
          await visit(page, path);
          await audit.check(`${device}: ${path}`);
          screens.push(`${device}: ${path}`);
        }
        // The meal with its share chart drawn, and the servings field refusing a number.
        await visit(
          page,
          `/superhuman/meal/vegan/${vegan.id}/${meals[0]!.id}`,
          page.locator('.meal-share svg').first(),
        );
        await page.getByLabel('Servings').fill('0');
        await page.getByText('Servings must be a whole number').waitFor();
        await audit.check(`${device}: meal with a refused servings number`);
        screens.push(`${device}: meal with a refused servings number`);
      }

      const [desktop, phone] = audits as [AxeAudit, AxeAudit];
      expect([outcome(desktop, 'superhuman'), outcome(phone, 'superhuman-phone')]).toEqual([
        { screens: screens.filter((s) => s.startsWith('desktop')), violations: '' },
        { screens: screens.filter((s) => s.startsWith('phone')), violations: '' },
      ]);
    },
  );

  it('the admin area has no serious or critical violations', async () => {
    const { page } = await newPage(b.browser, AXE_CONTEXT);
    const audit = new AxeAudit(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await visit(page, '/admin', page.getByRole('table'));
    await page.waitForURL(/#\/admin\/user_management$/);
    await audit.check('/admin');

    expect(outcome(audit, 'admin')).toEqual({ screens: ['/admin'], violations: '' });
  });
});

describe('keyboard use, in Chromium', () => {
  memberTest(
    'on /login, Tab reaches email, password and INITIATE in that order, and Enter signs in',
    async ({ member }) => {
      const { page } = await newPage(b.browser);
      await visit(page, '/login');

      // Tab from the top of the page, noting what takes focus, until INITIATE has it.
      const focused = async () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return '';
          return el.getAttribute('name') ?? el.textContent?.trim() ?? el.tagName;
        });
      const order: string[] = [];
      for (let i = 0; i < 15 && order.at(-1) !== 'INITIATE'; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused());
      }
      expect(order).toContain('email');
      expect(order.indexOf('email')).toBeLessThan(order.indexOf('password'));
      expect(order.indexOf('password')).toBeLessThan(order.indexOf('INITIATE'));

      // Filling in by keyboard alone: Shift+Tab back to the fields, type, and Enter submits the form.
      while ((await focused()) !== 'email') await page.keyboard.press('Shift+Tab');
      await page.keyboard.type(member.email);
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('password');
      await page.keyboard.type(member.password);
      while ((await focused()) !== 'INITIATE') await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/gateway\/gateway$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    },
  );

  memberTest(
    'on a member screen, the skip link reaches the content and the side menu opens, traps and closes by keyboard',
    async ({ member }) => {
      const { page } = await signedInPage(b.browser, member);
      await visit(page, '/gateway/gateway');
      const active = () =>
        page.evaluate(() => ({
          id: document.activeElement?.id ?? '',
          name: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
        }));

      // Arriving on the page (an in-app navigation focuses the main content itself), the first Tab lands on the skip
      // link, and Enter moves focus to the main content.
      await page.reload();
      await page.locator('#main h1').waitFor();
      await page.keyboard.press('Tab');
      expect((await active()).name).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect((await active()).id).toBe('main');

      // The menu button opens the menu with Enter; focus moves into it and stays there; Escape gives it back.
      await page.getByRole('button', { name: 'Open menu' }).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      for (let i = 0; i < 12; i++) {
        expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      // Radix gives focus back just after the dialog is gone.
      await expect.poll(async () => (await active()).name).toBe('Open menu');
    },
  );
});
