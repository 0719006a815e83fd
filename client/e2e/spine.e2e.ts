import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, E2E_ADMIN } from './helpers/accounts.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { signIn, unique } from './helpers/members.ts';

const b = useBrowser();

describe('the spine, in Chromium', () => {
  it('a new visitor registers and lands on the PAR-Q, with the session kept in local storage', async () => {
    const { page } = await newPage(b.browser);
    await page.goto('/#/register');
    // An empty submit shows the form's own messages.
    await page.getByRole('button', { name: /register/i }).click();
    await expect.poll(() => page.getByText('This is a required field').count()).toBe(4);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Name').fill('Ada Trainee');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel(/confirm password/i).fill('other-pass');
    await page.getByRole('button', { name: /register/i }).click();
    await expect.poll(() => page.getByText('Incorrect format').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);

    await page.getByLabel('Email').fill(`ada${unique()}@example.com`);
    await page.getByLabel(/confirm password/i).fill('secret-pass');
    await page.getByRole('button', { name: /register/i }).click();
    await page.waitForURL(/#\/setup\/par-q/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toMatchObject({ user_role: 1, initial_setup: 1, initial_setup_step: 1 });
    // Setup is forced: another member page sends the member back to the current step.
    await page.goto('/#/gateway/gateway');
    await page.waitForURL(/#\/setup\/par-q/);
  });

  it('an admin signs in and lands on /admin (user management)', async () => {
    const { page } = await newPage(b.browser);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(/#\/admin\/user_management/);
    // The list is newest first, ten a page: other browser tests' members push the admin off page 1, so search.
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    await page.getByLabel('Search users by name or email').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('cell', { name: E2E_ADMIN.email }).isVisible()).toBe(true);
  });

  it('a member who opens /admin has local storage cleared and goes to /login with a redirect', async () => {
    const { page } = await newPage(b.browser);
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(/#\/gateway\/gateway/);
    await expect.poll(() => page.getByRole('heading', { name: /ground zero/i }).isVisible()).toBe(true);
    await page.goto('/#/admin');
    await page.waitForURL(/#\/login\?redirect=/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a wrong password shows the server message and re-enables INITIATE', async () => {
    const { page } = await newPage(b.browser);
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'INITIATE' }).click();
    await expect
      .poll(() => page.getByText('These credentials do not match our records.').first().isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'INITIATE' }).isEnabled()).toBe(true);
  });

  it('logging out revokes the token: the same token is refused afterwards', async () => {
    const { page } = await newPage(b.browser);
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(/#\/gateway\/gateway/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('/#/logout');
    await page.waitForURL(/#\/(login)?$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const status = await page.evaluate(
      async (t) => (await fetch('/api/user', { headers: { authorization: `Bearer ${t}` } })).status,
      token,
    );
    expect(status).toBe(401);
  });

  it('a screen whose code cannot be downloaded (before the app is installed) says so beside the menu; Reload shows it', async () => {
    // No service worker: once it has precached the app (sooner or later, as the machine goes), it answers the screen's
    // code itself and the refusal below is never met.
    const { page, screenshot } = await newPage(b.browser, {
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(/#\/gateway\/gateway/);
    await expect.poll(() => page.getByRole('heading', { name: /ground zero/i }).isVisible()).toBe(true);
    // The inbox's code fails to arrive, as on a phone that lost its signal.
    const inbox = /\/assets\/InboxPage-[^/]+\.js$/;
    await page.route(inbox, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /^Open menu/ }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: /^Messages/ })
      .click();
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    expect(await page.getByText('Check your connection, then reload.').isVisible()).toBe(true);
    // The layout stays: the member can still open the menu and go elsewhere.
    expect(await page.getByRole('button', { name: /^Open menu/ }).isVisible()).toBe(true);
    await screenshot('spine-screen-not-loaded');

    await page.unroute(inbox);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    expect(await page.getByRole('heading', { name: 'This screen could not be loaded' }).count()).toBe(0);
  });
});
