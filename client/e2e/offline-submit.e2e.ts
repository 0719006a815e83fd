import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, useBrowser } from './helpers/browser.ts';
import { calibrationPhase, MAX_TESTS } from './helpers/calibration.ts';
import { JOURNEY } from './helpers/journey.ts';
import { api, createMember, memberTest, signIn, type TestMember } from './helpers/members.ts';
import {
  button,
  fillDataAnalysis,
  openActivePhase,
  PHONE_CONTEXT,
  runSets,
  runTreadmill,
  type Planned,
} from './helpers/runner.ts';
import { shows } from './helpers/screens.ts';

/**
 * A phase finished with no network is kept on the phone and counted exactly once by the server, however it gets
 * there: the tab closed and the app opened again, the answer lost on the way back, two tabs, a refusal.
 */
const b = useBrowser();

/** Where the programme stands, as the server says. */
const position = async (member: TestMember) => {
  const { data } = (await api('/user/evolution', { token: member.token })).json;
  return {
    version: data.version as number,
    phase: data.phase as number,
    need_calibration: data.need_calibration as boolean,
  };
};
const exported = async (member: TestMember) => (await api('/user/export', { token: member.token })).json.training;

/** One context for the member's phone: pages come and go (a tab closed, the app opened again), the service worker and IndexedDB stay. */
async function phone(member: TestMember): Promise<{ context: BrowserContext; open: (path: string) => Promise<Page> }> {
  const context = await b.browser.newContext({ ...PHONE_CONTEXT, baseURL: baseUrl() });
  const open = async (path: string) => {
    const page = await context.newPage();
    // Timers run on Playwright's clock: a 15-minute treadmill test takes no real time.
    await page.clock.install();
    await page.goto(path);
    return page;
  };
  const first = await open('/#/login');
  await signIn(first, member.email, member.password);
  // The app installs its service worker once the first screen has settled: from then on it opens with no network.
  await expect
    .poll(
      () => first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      { timeout: 30_000 },
    )
    .toBe('activated');
  await first.close();
  return { context, open };
}

/**
 * Runs the active phase of `list` with no network, closes the tab with the phase saved on the phone, opens the app
 * again online on the phase list, and waits until the server has taken it.
 */
async function offlinePhase(
  ctx: { context: BrowserContext; open: (path: string) => Promise<Page> },
  member: TestMember,
  list: string,
  title: string,
  finish: (page: Page) => Promise<void>,
) {
  const page = await ctx.open(list);
  await openActivePhase(page, title);
  const before = await position(member);
  await ctx.context.setOffline(true);
  await finish(page);
  await shows(page, `${title} (`);
  await expect.poll(() => page.getByText('is saved on this phone').isVisible()).toBe(true);
  // Nothing reached the server.
  expect(await position(member)).toEqual(before);
  await page.close();
  await ctx.context.setOffline(false);
  const again = await ctx.open(list);
  // Sent on the app's opening (or by Background Sync): the programme moves on by one phase.
  await expect.poll(() => position(member), { timeout: 20_000 }).not.toEqual(before);
  await expect.poll(() => again.locator('.queued').count()).toBe(0);
  await again.close();
}

const sets = (plan: Record<string, Planned[]>) => async (page: Page) => {
  await runSets(page, plan);
  await button(page, 'Submit Data').click();
};
const done = async (page: Page) => button(page, 'Done').click();
const treadmill = (seconds: number) => async (page: Page) => {
  await runTreadmill(page, seconds);
  await button(page, 'Submit Data').click();
};

/** A new member's first phase, the treadmill test, run with no network and saved on the phone; the phone stays offline. */
async function treadmillSavedOffline(seconds: number) {
  const member = await createMember({ setupDone: true });
  const ctx = await phone(member);
  const page = await ctx.open('/#/user/warrior/calibration');
  await openActivePhase(page, 'VO2 max test');
  await ctx.context.setOffline(true);
  await runTreadmill(page, seconds);
  await button(page, 'Submit Data').click();
  await shows(page, 'is saved on this phone');
  return { member, ctx, page };
}

describe('a phase finished with no network, in Chromium on a phone', () => {
  memberTest(
    'every phase type is kept with the tab closed and counted exactly once when the app opens online',
    { timeout: 300_000 },
    async ({ member }) => {
      const ctx = await phone(member);
      const calibration = '/#/user/warrior/calibration';
      const general = '/#/user/warrior/general?version=1';

      await offlinePhase(ctx, member, calibration, 'VO2 max test', treadmill(900));
      await offlinePhase(ctx, member, calibration, 'Calibration max tests', sets(JOURNEY.maxTests));
      // The three progress photos are chosen with no network too: they ride in the queue and are uploaded first.
      await offlinePhase(ctx, member, calibration, 'Data analysis', async (page) => {
        await fillDataAnalysis(page, JOURNEY.calibrationAnalysis.figures, JOURNEY.calibrationAnalysis.colours);
        await expect.poll(() => page.getByText('Saved on this phone').count()).toBe(3);
        await button(page, 'Submit Data').click();
      });
      expect(await position(member)).toEqual({ version: 1, phase: 1, need_calibration: false });

      await offlinePhase(ctx, member, general, 'VO2 max test', treadmill(1200));
      await offlinePhase(ctx, member, general, 'Upper body strength', sets(JOURNEY.upperBody));
      await offlinePhase(ctx, member, general, 'Lower body strength', sets(JOURNEY.lowerBody));
      await offlinePhase(ctx, member, general, 'Skill and core', sets(JOURNEY.skillAndCore));
      await offlinePhase(ctx, member, general, 'Flexibility', done);
      await offlinePhase(ctx, member, general, 'Recovery', done);
      await offlinePhase(ctx, member, general, 'Work volume', sets(JOURNEY.workVolume));
      await offlinePhase(ctx, member, general, 'Challenge', sets(JOURNEY.challenge));
      await offlinePhase(ctx, member, general, 'Data analysis', async (page) => {
        await fillDataAnalysis(page, JOURNEY.versionAnalysis.figures, JOURNEY.versionAnalysis.colours);
        await button(page, 'Submit Data').click();
      });

      // Everything counted once: version 2 begins; two treadmill tests, two chamber snapshots with their three photos,
      // and every logged set once (8 max tests + 9 + 9 + 6 + 12 + 8).
      expect(await position(member)).toEqual({ version: 2, phase: 1, need_calibration: false });
      const training = await exported(member);
      expect(training.vo2_tests.map((t: { seconds: number }) => t.seconds)).toEqual([900, 1200]);
      expect(training.chamber).toHaveLength(2);
      expect(training.chamber.map((c: { image_ids: number[] }) => c.image_ids.length)).toEqual([3, 3]);
      expect(training.workout_results).toHaveLength(8 + 9 + 9 + 6 + 12 + 8);
      await ctx.context.close();
    },
  );

  memberTest('an answer lost on the way back is sent again and counted once', async ({ member }) => {
    const ctx = await phone(member);
    const page = await ctx.open('/#/user/warrior/calibration');
    await openActivePhase(page, 'VO2 max test');
    // The server takes the submission; its answer never reaches the phone.
    let dropped = 0;
    await page.route('**/api/user/channel/warrior/calibration/phase/vo2**', async (route) => {
      if (dropped++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await runTreadmill(page, 600);
    await button(page, 'Submit Data').click();
    // The phone heard nothing and sends it again (Background Sync, at once while online): the server answers its first
    // answer rather than refusing a phase already done, and the runner moves on.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Calibration max tests');
    expect(dropped).toBe(1);
    expect(await page.locator('.queued').count()).toBe(0);
    expect(await position(member)).toMatchObject({ phase: 2 });
    expect((await exported(member)).vo2_tests).toHaveLength(1);
    await ctx.context.close();
  });

  it('two tabs with the same phase waiting send it once', async () => {
    const { member, ctx, page: first } = await treadmillSavedOffline(700);
    // A second tab, opened with no network, sees the same phase waiting.
    const second = await ctx.open('/#/user/warrior/calibration/phase');
    await shows(second, 'is saved on this phone');
    const sends: string[] = [];
    for (const page of [first, second])
      page.on(
        'request',
        (req) => req.url().includes('/phase/vo2') && sends.push(req.headers()['idempotency-key'] ?? ''),
      );
    // Back online: both tabs (and the service worker) try, one at a time; the server has it once.
    await ctx.context.setOffline(false);
    for (const page of [first, second])
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
        .toBe('Calibration max tests');
    expect(new Set(sends).size).toBeLessThanOrEqual(1);
    expect(await position(member)).toMatchObject({ phase: 2 });
    expect((await exported(member)).vo2_tests.map((t: { seconds: number }) => t.seconds)).toEqual([700]);
    await ctx.context.close();
  });

  it('a phase the server refuses once the network is back is shown with its message until dismissed', async () => {
    const { member, ctx, page } = await treadmillSavedOffline(800);
    await page.close();
    // Meanwhile the programme moved on elsewhere (another phone): the treadmill test and the max tests are in.
    await calibrationPhase(member, 'vo2', { time_to_complete: 950 });
    await calibrationPhase(member, 'exercise', MAX_TESTS);
    await ctx.context.setOffline(false);
    const again = await ctx.open('/#/user/warrior/calibration');
    await shows(again, 'VO2 max test (Calibration · Phase 1) was not accepted');
    await shows(again, 'This is not your active phase.');
    // Kept until read: a reload still shows it, Dismiss removes it.
    await again.reload();
    await shows(again, 'was not accepted');
    await button(again, 'Dismiss').click();
    await expect.poll(() => again.locator('.queued').count()).toBe(0);
    expect((await exported(member)).vo2_tests.map((t: { seconds: number }) => t.seconds)).toEqual([950]);
    await ctx.context.close();
  });

  memberTest(
    'a phase sent with a token that has ended goes to the login, and is counted once the member has signed in again',
    async ({ member }) => {
      const ctx = await phone(member);
      const page = await ctx.open('/#/user/warrior/calibration');
      await openActivePhase(page, 'VO2 max test');
      // The phone's token ends while the member runs (a password change on another device does the same).
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect((await api('/logout', { token })).status).toBeLessThan(300);
      await runTreadmill(page, 650);
      await button(page, 'Submit Data').click();
      // Online, a refused token ends the session: the member is sent to the login, which says why.
      await page.waitForURL(/#\/login/);
      await shows(page, 'Your session has ended. Please log in again.');
      expect(await position(member)).toMatchObject({ phase: 1 });

      await signIn(page, member.email, member.password);
      await expect.poll(() => position(member), { timeout: 20_000 }).toMatchObject({ phase: 2 });
      await expect.poll(() => page.locator('.queued').count()).toBe(0);
      expect((await exported(member)).vo2_tests.map((t: { seconds: number }) => t.seconds)).toEqual([650]);
      await ctx.context.close();
    },
  );
});
