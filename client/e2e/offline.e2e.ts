/**
 * The phone in the gym, in Chromium at 390 x 844 with the network cut by `context.setOffline`: the app
 * installs (Chromium's own check finds nothing); after one visit online the phase runner, Ground Zero, the chamber
 * and a recipe open with no network, under the quiet "Offline: showing what you saw at 14:32" marker; a screen never
 * opened says so rather than spinning; moving between screens works from the precache; the data refreshes when the
 * network returns; signing out wipes what the phone kept; subscribing, payments and the admin say they need a
 * connection. Nothing is blocked or mocked: the service worker and the persisted cache answer, or nothing does.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { baseUrl, CHROMIUM_ARGS, newPage, resultsDir, screenshotsWanted, useBrowser } from './helpers/browser.ts';
import { measuredSuperhuman } from './helpers/calibration.ts';
import { api, createMember, memberTest, signedInPage, signIn, unique } from './helpers/members.ts';

const b = useBrowser();
const distDir = process.env.E2E_CLIENT_DIST
  ? resolve(process.env.E2E_CLIENT_DIST)
  : resolve(import.meta.dirname, '../dist');

/** A phone, on the clock the marker is read against. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: 'Europe/London' } as const;

/** QueryState's words for a screen this phone never kept (client/src/components/ui/QueryState.tsx). */
const NOT_KEPT =
  'You are offline, and this screen has not been opened on this phone yet. It will load when you are back online.';
const OFFLINE_PAYMENTS =
  'You are offline. Subscribing and payments need a connection: this screen will work again once you are back online.';
const OFFLINE_ADMIN =
  'You are offline. The admin needs a connection: what you see may be out of date, and changes cannot be saved until you are back online.';

const marker = (page: Page) => page.locator('.offline-marker');

/** "14:32" for a moment, on the phone's clock (seenAt in client/src/offline/OfflineMarker.tsx). */
const clock = (t: number) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: PHONE.timezoneId }).format(t);

/** Every clock minute from `from` to `to`: the marker of answers fetched in that span says one of them. */
function minutesBetween(from: number, to: number): string[] {
  const minutes: string[] = [];
  for (let t = from - (from % 60_000); t <= to; t += 60_000) minutes.push(clock(t));
  return minutes;
}

/** The time the marker says the screen was seen at; fails unless it reads "Offline: showing what you saw at HH:MM". */
async function markerTime(page: Page): Promise<string> {
  await marker(page).waitFor();
  const text = await marker(page).textContent();
  const time = /^Offline: showing what you saw at (\d{2}:\d{2})$/.exec(text ?? '')?.[1];
  if (!time) throw new Error(`The offline marker says "${text}"`);
  return time;
}

/** Waits until the service worker has installed (the whole precache is in) and activated. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), {
      timeout: 30_000,
    })
    .toBe('activated');
}

/** The tRPC paths ('warrior.phase') of the answers kept on the phone, or null when nothing is kept. */
function keptPaths(page: Page): Promise<string[] | null> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without its store: only look when it is there.
    if (!(await indexedDB.databases()).some((d) => d.name === 'evolution')) return null;
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const open = indexedDB.open('evolution');
      open.onsuccess = () => done(open.result);
      open.onerror = () => fail(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('query-cache')) return null;
      const kept = await new Promise<unknown>((done, fail) => {
        const get = db.transaction('query-cache').objectStore('query-cache').get('member-data');
        get.onsuccess = () => done(get.result);
        get.onerror = () => fail(get.error);
      });
      if (typeof kept !== 'string') return null;
      const { clientState } = JSON.parse(kept) as {
        clientState: { queries: { queryKey: [string[], ...unknown[]] }[] };
      };
      return clientState.queries.map((q) => q.queryKey[0].join('.'));
    } finally {
      db.close();
    }
  });
}

/** Waits until the phone has kept an answer of each path (the persister writes at most once a second). */
async function kept(page: Page, ...paths: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const stored = (await keptPaths(page)) ?? [];
        return paths.filter((p) => !stored.includes(p));
      },
      { timeout: 10_000 },
    )
    .toEqual([]);
}

/** A cold start from the home screen: a new tab of the same browser opening `path`. */
async function coldStart(context: BrowserContext, path: string, errors: Error[]): Promise<Page> {
  const tab = await context.newPage();
  tab.on('pageerror', (err) => errors.push(err));
  await tab.goto(`/#${path}`);
  return tab;
}

/** Saves a PNG of what the phone shows (the viewport: the marker sits at its bottom) to test-results/<name>.png. */
const snap = async (page: Page, name: string) => {
  if (screenshotsWanted) await page.screenshot({ path: join(resultsDir, `${name}.png`) });
};

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the phone in the gym, in Chromium at 390 x 844', () => {
  it('installs: Chromium finds nothing missing, the manifest is clean, and the worker precaches every screen and controls the page', async () => {
    // An incognito context is never installable: a profile on disk, as a phone's browser has.
    const profile = mkdtempSync(join(tmpdir(), 'evolution-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl(),
      ...PHONE,
    });
    onTestFinished(async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/#/login');
    await workerActive(page);

    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    const data = JSON.parse(manifest.data ?? '{}') as {
      display: string;
      start_url: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(data).toMatchObject({ display: 'standalone', start_url: '/#/gateway/gateway' });
    expect(data.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));

    // Every screen's chunk of this build is in the precache, so any screen opens with no network.
    const precached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      return paths;
    });
    const chunks = readdirSync(join(distDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.filter((c) => !precached.includes(c))).toEqual([]);

    // The next load is the worker's: the page is controlled by /sw.js.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${baseUrl()}/sw.js`);
  });

  memberTest(
    'a reload of the phase runner with no network shows the phase, seen at the time it was opened',
    async ({ member }) => {
      const { page, pageErrors } = await signedInPage(b.browser, member, PHONE);
      const opened = Date.now();
      await page.goto('/#/user/warrior/calibration/phase');
      await expect.poll(() => heading(page).textContent()).toBe('VO2 max test');
      const seen = Date.now();
      await workerActive(page);
      await kept(page, 'warrior.phase');

      await page.context().setOffline(true);
      await page.reload();
      await expect.poll(() => heading(page).textContent()).toBe('VO2 max test');
      expect(await page.getByRole('button', { name: 'Play', exact: true }).isEnabled()).toBe(true);
      expect(minutesBetween(opened, seen)).toContain(await markerTime(page));
      await snap(page, 'offline-runner-reloaded');
      expect(pageErrors).toEqual([]);
    },
  );

  it(
    'Ground Zero, the evolution chamber and a recipe open with no network after one visit, each under the marker',
    { timeout: 120_000 },
    async () => {
      const member = await measuredSuperhuman();
      const { page } = await newPage(b.browser, PHONE);
      const context = page.context();
      await signIn(page, member.email, member.password);
      const opened = Date.now();
      await page.waitForURL(/#\/gateway\/gateway$/);
      await page.goto('/#/evolution');
      await expect.poll(() => page.locator('.chamber-pager__version').textContent(), { timeout: 10_000 }).toBe('v1.0');
      const score = await page.locator('.chamber__score-value').textContent();
      // Aliment down to a vegan meal, as a member finds a recipe.
      await page.goto('/#/superhuman/meal-groups');
      await page.getByRole('link', { name: /Major meals/ }).click();
      await page.getByRole('link', { name: /^Vegan/ }).click();
      await page.waitForURL(/#\/superhuman\/meal\/vegan\/\d+$/);
      await page.locator('.page a[href*="/vegan/"]').first().click();
      await page.waitForURL(/#\/superhuman\/meal\/vegan\/\d+\/\d+$/);
      const recipe = new URL(page.url()).hash.slice(1);
      await page.getByText('Nutrition for 1 serving').waitFor();
      const mealName = (await heading(page).textContent()) ?? '';
      const seen = Date.now();
      await workerActive(page);
      await kept(page, 'warrior.chamber', 'superhuman.meal');

      await context.setOffline(true);
      const errors: Error[] = [];
      const minutes = minutesBetween(opened, seen);

      const home = await coldStart(context, '/gateway/gateway', errors);
      await expect.poll(() => heading(home).textContent()).toBe('Ground Zero');
      await home.getByText(`Welcome, ${member.name}`).waitFor();
      expect(minutes).toContain(await markerTime(home));
      await snap(home, 'offline-ground-zero');
      await home.close();

      const chamber = await coldStart(context, '/evolution', errors);
      await expect.poll(() => chamber.locator('.chamber-pager__version').textContent()).toBe('v1.0');
      expect(await chamber.locator('.chamber__score-value').textContent()).toBe(score);
      expect(minutes).toContain(await markerTime(chamber));
      await snap(chamber, 'offline-chamber');
      await chamber.close();

      const meal = await coldStart(context, recipe, errors);
      await expect.poll(() => heading(meal).textContent()).toBe(mealName);
      await meal.getByText('Nutrition for 1 serving').waitFor();
      expect(await meal.locator('table').first().locator('tbody tr').count()).toBeGreaterThan(0);
      expect(minutes).toContain(await markerTime(meal));
      await snap(meal, 'offline-recipe');
      // The marker is quiet: it sits below the content and lets every tap through.
      expect(await marker(meal).evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
      await meal.close();
      expect(errors).toEqual([]);
    },
  );

  memberTest('a screen this phone never opened says so with no network, rather than spinning', async ({ member }) => {
    const { page, pageErrors } = await signedInPage(b.browser, member, PHONE);
    await page.waitForURL(/#\/gateway\/gateway$/);
    await workerActive(page);

    await page.context().setOffline(true);
    const guides = await coldStart(page.context(), '/warrior/technique-guides', pageErrors);
    await guides.getByText(NOT_KEPT).waitFor();
    expect(await heading(guides).textContent()).toBe('Technique Guides');
    expect(await guides.locator('.spinner').count()).toBe(0);
    await snap(guides, 'offline-never-opened');
  });

  memberTest('moving between screens with no network takes every screen from the precache', async ({ member }) => {
    const { page, pageErrors } = await signedInPage(b.browser, member, PHONE);
    await page.waitForURL(/#\/gateway\/gateway$/);
    await page.goto('/#/user/warrior/calibration');
    await expect.poll(() => page.locator('.step-list__item').count(), { timeout: 10_000 }).toBe(3);
    await workerActive(page);
    await kept(page, 'warrior.phases');

    // A cold start on Ground Zero with no network, then the member taps through the app.
    await page.context().setOffline(true);
    await page.goto('/#/gateway/gateway');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Ground Zero');
    // Every screen from here on is one this document has not loaded yet.
    const chunks: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (res) => {
      if (/\/assets\/.+\.js$/.test(res.url())) chunks.push({ url: res.url(), fromWorker: res.fromServiceWorker() });
    });
    await page.getByRole('link', { name: /^Channels/ }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Channels');
    await page.getByRole('link', { name: /^Warrior/ }).click();
    await page.waitForURL(/#\/warrior\/ground-zero$/);
    await page.getByRole('link', { name: /^Technique Guides/ }).click();
    // The guides were never opened on this phone: the screen (its code from the precache) says so.
    await page.getByText(NOT_KEPT).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /^Dynamic Evolution/ }).click();
    await page.getByText(NOT_KEPT).waitFor();
    // The calibration's phases were opened online: they show.
    await page.goto('/#/user/warrior/calibration');
    await expect.poll(() => page.locator('.step-list__item').count()).toBe(3);
    await markerTime(page);
    await snap(page, 'offline-moved-to-phases');

    expect(await page.getByText('This screen could not be loaded').count()).toBe(0);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.filter((c) => !c.fromWorker)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  memberTest(
    'back online, the marker goes and the screen shows what changed while the phone was offline',
    async ({ member }) => {
      const { page } = await signedInPage(b.browser, member, PHONE);
      await page.goto('/#/with_menu/assistance_flags');
      await page.getByText('You have not raised any assistance flags yet.').waitFor();
      await workerActive(page);
      await kept(page, 'flags.list');

      await page.context().setOffline(true);
      await page.reload();
      await page.getByText('You have not raised any assistance flags yet.').waitFor();
      await markerTime(page);
      // Meanwhile the member raises a flag from another device.
      const subject = `Shoulder clicks ${unique()}`;
      const raised = await api('/user/assistance_flag', {
        method: 'POST',
        token: member.token,
        body: { subject, message: 'On the way up from a dip.' },
      });
      expect(raised.status).toBeLessThan(300);
      expect(await page.getByText(subject).count()).toBe(0);

      await page.context().setOffline(false);
      await page.getByRole('link', { name: subject }).waitFor({ timeout: 15_000 });
      await expect.poll(() => marker(page).count()).toBe(0);
      await snap(page, 'offline-back-online');
    },
  );

  it('signing out wipes what the phone kept, and the next member never sees it', { timeout: 90_000 }, async () => {
    const first = await createMember({ setupDone: true });
    const subject = `Left knee ${unique()}`;
    expect(
      (
        await api('/user/assistance_flag', {
          method: 'POST',
          token: first.token,
          body: { subject, message: 'It aches after lunges.' },
        })
      ).status,
    ).toBeLessThan(300);
    const { page, pageErrors } = await newPage(b.browser, PHONE);
    await signIn(page, first.email, first.password);
    await page.goto('/#/with_menu/assistance_flags');
    await page.getByRole('link', { name: subject }).waitFor();
    await page.goto('/#/user/warrior/calibration/phase');
    await expect.poll(() => heading(page).textContent()).toBe('VO2 max test');
    await workerActive(page);
    await kept(page, 'flags.list', 'warrior.phase');

    await page.goto('/#/logout');
    await page.waitForURL(/#\/(login)?$/);
    // Gone, or kept with nothing of the member's in it (the signed-out app may keep the public plans).
    await expect
      .poll(async () => ((await keptPaths(page)) ?? []).filter((p) => !p.startsWith('channels.')))
      .toEqual([]);

    // The next member on this phone opens the flag list with no network: there is nothing of theirs, nor of the first.
    const second = await createMember({ setupDone: true });
    await signIn(page, second.email, second.password);
    await page.waitForURL(/#\/gateway\/gateway$/);
    await page.context().setOffline(true);
    const flags = await coldStart(page.context(), '/with_menu/assistance_flags', pageErrors);
    await flags.getByText(NOT_KEPT).waitFor();
    expect(await flags.getByText(subject).count()).toBe(0);
    await snap(flags, 'offline-next-member-flags');
    await flags.close();
    expect(pageErrors).toEqual([]);
  });

  memberTest(
    'subscribing and changing a plan say plainly that they need a connection, with their buttons off',
    async ({ member }) => {
      const { page, pageErrors } = await newPage(b.browser, { ...PHONE, ...AXE_CONTEXT });
      const audit = new AxeAudit(page);
      await signIn(page, member.email, member.password);
      await page.goto('/#/upgrade/superhuman');
      await expect
        .poll(() => page.getByRole('button', { name: /^INITIATE/ }).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await page.goto('/#/with_menu/channel_subscription');
      await page.getByText('Warrior monthly · £29.99 per month').waitFor();
      await workerActive(page);

      await page.context().setOffline(true);
      await page.getByText(OFFLINE_PAYMENTS).waitFor();
      expect(await page.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
      await snap(page, 'offline-channel-subscription');
      await audit.check('channel subscription, offline');

      await page.goto('/#/upgrade/superhuman');
      await page.getByText(OFFLINE_PAYMENTS).waitFor();
      const initiate = page.getByRole('button', { name: /^INITIATE/ });
      expect(await initiate.count()).toBeGreaterThan(0);
      for (const button of await initiate.all()) expect(await button.isDisabled()).toBe(true);
      await snap(page, 'offline-subscribe');
      await audit.check('upgrade, offline');
      expect(audit.report).toBe('');

      await page.context().setOffline(false);
      await expect.poll(() => page.getByText(OFFLINE_PAYMENTS).count()).toBe(0);
      expect(await initiate.first().isEnabled()).toBe(true);
      expect(pageErrors).toEqual([]);
    },
  );

  it('the admin says it needs a connection, and nothing can be saved until the network returns', async () => {
    const { page, pageErrors } = await newPage(b.browser, { ...PHONE, ...AXE_CONTEXT });
    const audit = new AxeAudit(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/#/admin/channel/1/edit');
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    await workerActive(page);

    await page.context().setOffline(true);
    await page.getByText(OFFLINE_ADMIN).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await name.isDisabled()).toBe(true);
    await snap(page, 'offline-admin-channel');
    await audit.check('edit channel, offline');
    expect(audit.report).toBe('');

    await page.context().setOffline(false);
    await expect.poll(() => page.getByText(OFFLINE_ADMIN).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    expect(await name.isEnabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
