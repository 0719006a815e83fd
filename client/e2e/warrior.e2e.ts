import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './helpers/browser.ts';
import { JOURNEY } from './helpers/journey.ts';
import { api, memberTest, signedInPage, signIn } from './helpers/members.ts';
import {
  button,
  COUNTDOWN_MS,
  fillDataAnalysis,
  openActivePhase,
  PHONE_CONTEXT,
  run,
  runSets,
  runTreadmill,
  submitPhase,
} from './helpers/runner.ts';
import { shows } from './helpers/screens.ts';

const b = useBrowser();

/** The chamber's muscle scores, read from its accessible table. */
const muscleTable = (page: Page) =>
  page
    .locator('.chamber__muscle table tr')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((r) => [r.querySelector('th')?.textContent ?? '', Number(r.querySelector('td')?.textContent)]),
      ),
    );

/** The muscle chart's bars, and the scores drawn in them (a bar too narrow for its score goes without). */
const muscleBars = (page: Page) => page.locator('.chart--muscle svg rect[data-testid^="bar.item."]');
const muscleBarLabels = (page: Page) =>
  page
    .locator('.chart--muscle svg g')
    .evaluateAll((groups) =>
      groups
        .filter((g) => g.querySelector(':scope > rect[data-testid^="bar.item."]'))
        .map((g) => g.querySelector(':scope > text')?.textContent ?? ''),
    );

describe('the warrior channel, in Chromium on a phone', () => {
  memberTest(
    'a new member calibrates, completes every phase of version 1 and sees two chamber snapshots',
    { timeout: 240_000 },
    async ({ member }) => {
      const { page } = await newPage(b.browser, PHONE_CONTEXT);
      // Timers run on Playwright's clock: a 15-minute treadmill test takes no real time.
      await page.clock.install();
      await signIn(page, member.email, member.password);

      // Ground zero leads to Dynamic Evolution, which sends a new member to calibration.
      await page.goto('/#/warrior/ground-zero');
      await page.getByRole('link', { name: /Dynamic Evolution/ }).click();
      await page.waitForURL(/#\/user\/warrior\/calibration$/);
      await expect.poll(() => page.locator('.step-list__item').count()).toBe(3);

      // --- Calibration 1: the treadmill test, 15:00 (900 s).
      await openActivePhase(page, 'VO2 max test');
      await button(page, 'Play').click();
      await shows(page, 'Get ready');
      await page.clock.fastForward(COUNTDOWN_MS);
      // Play while the timer runs is refused.
      await button(page, 'Play').click();
      await shows(page, "You can't start it now");
      await page.clock.fastForward(run(900) - COUNTDOWN_MS);
      await button(page, 'Stop').click();
      await shows(page, 'Your time: 900 s');
      await submitPhase(page);
      await page.waitForURL(/#\/user\/warrior\/calibration$/);

      // --- Calibration 2: one max test per ladder (rounds of one test). An empty reps entry is refused.
      await openActivePhase(page, 'Calibration max tests');
      await button(page, 'Play').click();
      await page.clock.fastForward(COUNTDOWN_MS + 10_000);
      await button(page, 'Stop').click();
      await button(page, 'Save').click();
      await shows(page, 'You must enter reps');
      await button(page, 'Restart').click();
      await button(page, 'Agree').click();
      await runSets(page, JOURNEY.maxTests);
      await submitPhase(page);

      // --- Calibration 3: data analysis with its validation, then three photos.
      await openActivePhase(page, 'Data analysis');
      await button(page, 'Submit Data').click();
      await shows(page, 'Weight is required');
      await shows(page, 'Image 3 is required');
      await page.getByLabel('Weight (kg)', { exact: true }).fill('heavy');
      await shows(page, 'Weight must be decimal');
      await fillDataAnalysis(page, JOURNEY.calibrationAnalysis.figures, JOURNEY.calibrationAnalysis.colours);
      await submitPhase(page);
      // Calibrated: the session is refreshed and the member goes to the version list.
      await page.waitForURL(/#\/warrior\/version$/);
      const session = await page.evaluate(() => ({
        evolution: JSON.parse(localStorage.getItem('evolution') ?? 'null'),
        access: JSON.parse(localStorage.getItem('access') ?? 'null'),
      }));
      expect(session.evolution).toMatchObject({ need_calibration: false, version: 1, phase: 1 });
      expect(session.access).toMatchObject({ evolution_page: true });
      await expect
        .poll(() => page.locator('.step-list__number').allTextContents())
        .toEqual(['v1.4', 'v1.3', 'v1.2', 'v1.1']);

      // --- Version 1, phase 1: the treadmill again, 20:00 (1200 s), after one restart.
      await page.locator('a.step-list__item--active').click();
      await page.waitForURL(/#\/user\/warrior\/general\?version=1$/);
      await openActivePhase(page, 'VO2 max test');
      await runTreadmill(page, 100);
      await button(page, 'Restart').click();
      await shows(page, 'YOU SURE?');
      await button(page, 'Agree').click();
      await expect.poll(() => page.getByRole('timer').textContent()).toBe('0.00');
      await runTreadmill(page, 1200);
      await submitPhase(page);

      // --- Phase 2: upper body, three rounds of push, pull, dip. The network drops before Submit Data.
      await openActivePhase(page, 'Upper body strength');
      await runSets(page, JOURNEY.upperBody);
      await page.context().setOffline(true);
      const failed = page.waitForEvent('requestfailed', (req) =>
        req.url().includes('/api/user/channel/warrior/general/phase/exercises'),
      );
      await button(page, 'Submit Data').click();
      await failed;
      // The phase is kept on the phone and the runner says so; it is sent once the network is back.
      await shows(page, 'Upper body strength (Evolution 1 · Version 1 · Phase 2) is saved on this phone');
      expect(page.url()).toMatch(/\/phase$/);
      await page.context().setOffline(false);
      // Back online, it is sent: the runner opens the next phase in its place.
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
        .toBe('Lower body strength');
      await page.goto('/#/user/warrior/general?version=1');

      // --- Phase 3: lower body.
      await openActivePhase(page, 'Lower body strength');
      await runSets(page, JOURNEY.lowerBody);
      await submitPhase(page);

      // --- Phase 4: skill and core holds; the runner logs their time.
      await openActivePhase(page, 'Skill and core');
      await runSets(page, JOURNEY.skillAndCore);
      await submitPhase(page);

      // --- Phases 5 and 6: a single Done button.
      await openActivePhase(page, 'Flexibility');
      await submitPhase(page, 'Done');
      await openActivePhase(page, 'Recovery');
      await submitPhase(page, 'Done');

      // --- Phase 7: work volume, 12 sets over six exercises: two repeats of each round.
      await openActivePhase(page, 'Work volume');
      await expect.poll(() => page.locator('#round-title').textContent()).toBe('Round One');
      await runSets(page, JOURNEY.workVolume);
      await submitPhase(page);

      // --- Phase 8: the challenge, one round max output.
      await openActivePhase(page, 'Challenge');
      await expect.poll(() => page.getByText('ONE ROUND MAX OUTPUT', { exact: true }).isVisible()).toBe(true);
      await runSets(page, JOURNEY.challenge);
      await submitPhase(page);

      // --- Phase 9: data analysis closes the version.
      await openActivePhase(page, 'Data analysis');
      await fillDataAnalysis(page, JOURNEY.versionAnalysis.figures, JOURNEY.versionAnalysis.colours);
      await submitPhase(page);
      await page.waitForURL(/#\/warrior\/version$/);
      await expect.poll(() => page.locator('a.step-list__item--active .step-list__number').textContent()).toBe('v1.2');

      // --- The chamber: two snapshots, v1.0 (calibration) and v1.1.
      await page.goto('/#/evolution');
      await expect.poll(() => page.locator('.chamber-pager__version').textContent(), { timeout: 10_000 }).toBe('v1.0');
      expect(await page.locator('.chamber-pager__count').textContent()).toBe('1 of 2');
      expect(await page.locator('.chamber__score-value').textContent()).toBe('36.7');
      expect(await page.locator('.chamber__level').textContent()).toBe('Fair');
      // Ladder places after calibration: push 5/8, pull 3/8, squat 3/7, hinge 3/7, core 3/6, handstand 1/6, dip 3/6, lunge 7/7;
      // a muscle's score is the mean over its form groups of 10 * place / ladder length, one decimal.
      expect(await muscleTable(page)).toEqual({
        Chest: 6.3,
        Triceps: 5.6,
        Back: 3.8,
        Biceps: 3.8,
        Quads: 7.1,
        Glutes: 7.1,
        Hamstrings: 4.3,
        Core: 5,
        Shoulders: 1.7,
      });
      // The chart (a lazily loaded nivo bar chart, 300 px high, hidden from screen readers who have the table) draws
      // the same scores: nine bars, each wide enough one labelled with its score.
      await expect.poll(() => muscleBars(page).count(), { timeout: 10_000 }).toBe(9);
      expect(await muscleBarLabels(page)).toContain('6.3');
      expect(await page.locator('.chart--muscle').evaluate((el) => el.getBoundingClientRect().height)).toBe(300);
      expect(await page.locator('.photo-strip img[src^="data:image/jpeg;base64,"]').count()).toBe(3);

      await page.getByRole('button', { name: 'Next version' }).click();
      await expect.poll(() => page.locator('.chamber-pager__version').textContent()).toBe('v1.1');
      expect(await page.getByRole('button', { name: 'Next version' }).isDisabled()).toBe(true);
      expect(await page.locator('.chamber__score-value').textContent()).toBe('43.9');
      expect(await page.locator('.chamber__level').textContent()).toBe('Good');
      // After version 1: push 6/8 (up), pull 4/8 (up in volume), squat 4/7, hinge 4/7, core 2/6 (down), handstand 2/6 (up),
      // dip 3/6 (down, then up), lunge 6/7 (down).
      expect(await muscleTable(page)).toEqual({
        Chest: 7.5,
        Triceps: 6.3,
        Back: 5,
        Biceps: 5,
        Quads: 7.1,
        Glutes: 7.1,
        Hamstrings: 5.7,
        Core: 3.3,
        Shoulders: 3.3,
      });
      await expect.poll(() => muscleBarLabels(page)).toContain('7.5');
      expect(await page.locator('.metrics').textContent()).toContain('81.1');
      // The trend across versions (also lazy) has both snapshots.
      await expect.poll(() => page.locator('.chart--trend svg').count(), { timeout: 10_000 }).toBe(3);
      expect(await page.locator('.chamber__trend table tbody tr th').allTextContents()).toEqual(['v1.0', 'v1.1']);

      // The results screens show what was logged.
      await page.goto('/#/with_menu/calibration_results');
      await expect
        .poll(() => page.getByRole('cell', { name: /Push-up max test/ }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await page.locator('tbody tr').count()).toBe(8);
      await page.goto('/#/with_menu/workout_results');
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(9);
      expect(await page.getByRole('button', { name: 'Previous phase' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Next phase' }).click();
      await expect.poll(() => page.locator('tbody td[data-label="Form"]').first().textContent()).toBe('Split squat');
    },
  );

  memberTest('skipping the treadmill test records nothing and goes on to the Work route', async ({ member }) => {
    const { page } = await signedInPage(b.browser, member, PHONE_CONTEXT);
    await page.goto('/#/user/warrior/calibration/phase');
    await button(page, 'Skip test').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Skip test' }).click();
    await page.waitForURL(/#\/with_menu\/work_volume_analysis\?from=calibration&phase=vo2$/);
    await page.goto('/#/user/warrior/calibration');
    await expect
      .poll(() => page.locator('a.step-list__item--active .step-list__title').textContent(), { timeout: 10_000 })
      .toBe('Calibration max tests');
    // Nothing was recorded for the skipped test.
    expect((await api('/user/export', { token: member.token })).json.training.vo2_tests).toEqual([]);
  });

  memberTest(
    'opened directly, the runner gets start-up and its phase in one request; what it needs later loads when asked for',
    async ({ member }) => {
      const { page } = await signedInPage(b.browser, member, PHONE_CONTEXT);
      await page.goto('/#/user/warrior/calibration/phase');
      await page.getByRole('heading', { level: 1, name: 'VO2 max test' }).waitFor();

      // A returning member opens the app on the runner (a reload is a first load with the session stored). Only the new
      // document's calls count: the old one may still be opening its live stream.
      const calls: string[] = [];
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      page.on('request', (req) => {
        const { pathname } = new URL(req.url());
        if (reloaded && pathname.startsWith('/trpc/')) calls.push(pathname.slice('/trpc/'.length));
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'VO2 max test' }).waitFor();
      await expect.poll(() => page.getByRole('timer').textContent()).toBe('0.00');
      // The live stream opens last, once the browser is idle: by then any second ask for the phase would have gone.
      await expect.poll(() => calls.includes('live.events'), { timeout: 10_000 }).toBe(true);
      expect(calls[0]).toBe('auth.me,warrior.phase');
      expect(calls.filter((c) => c.split(',').includes('warrior.phase'))).toHaveLength(1);
      // The Markdown renderer and the dialog are not part of the runner's load: the page asks for them when they are
      // opened (the service worker's precache has them for a phone with no network).
      const fetched = (part: string) =>
        page.evaluate(
          (p) =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((e) =>
              new URL(e.name).pathname.startsWith(p),
            ),
          part,
        );
      expect(await fetched('/assets/PageContent-')).toBe(false);

      // Opening the folded instructions renders their Markdown.
      await page.getByText('How to run this phase', { exact: true }).click();
      await page.locator('.runner-brief .page-content h2').first().waitFor();
      // The skip question still asks, and Cancel leaves the test as it was.
      await button(page, 'Skip test').click();
      await page.getByRole('alertdialog', { name: 'Skip the test?' }).waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
      expect(page.url()).toMatch(/\/phase$/);
    },
  );
});
