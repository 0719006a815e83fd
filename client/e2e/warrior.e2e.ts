import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './helpers/browser.ts';
import { api, createMember, signIn } from './helpers/members.ts';

const b = useBrowser();

/** A phone: the runner must work at 375 px. */
const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true } as const;
/** The runner's countdown before every timed effort. */
const COUNTDOWN_MS = 5000;
/**
 * Playwright's clock keeps flowing between actions, so a set runs for the fast-forward plus the real time between
 * the Play and Stop clicks: landing 0.2 s short makes the whole seconds sent exactly the planned ones.
 */
const run = (seconds: number) => COUNTDOWN_MS + Math.max(50, seconds * 1000 - 200);

/** A small progress photo (JPEG) of one colour. */
const photo = (colour: string) => sharp({ create: { width: 90, height: 120, channels: 3, background: colour } }).jpeg().toBuffer();

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits until the text shows somewhere on the page (toasts included). */
async function shows(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
}

/** A hold logs its time: the planned number is seconds on the timer, not typed reps. */
interface Hold {
  hold: number;
}
const hold = (seconds: number): Hold => ({ hold: seconds });
type Planned = number | Hold;

/** Opens the active phase from the phase list and checks it is the one expected. */
async function openActivePhase(page: Page, title: string) {
  await page.locator('a.step-list__item--active').click();
  await page.waitForURL(/#\/user\/warrior\/(calibration|general)\/phase$/);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe(title);
}

/** Submits the phase and waits to be taken on (to the phase list, the version list, or the Work route). */
async function submitPhase(page: Page, name = 'Submit Data') {
  await button(page, name).click();
  await page.waitForURL((url) => !url.hash.endsWith('/phase'), { timeout: 15_000 });
}

/**
 * Runs every round of an exercise phase through the runner: Play, the countdown and the set on Playwright's clock,
 * Stop, reps typed (holds log their time), Save; Next between rounds. `plan` gives each form's amounts in order.
 * Stops when Submit Data is offered.
 */
async function runSets(page: Page, plan: Record<string, Planned[]>) {
  const queues = Object.fromEntries(Object.entries(plan).map(([k, v]) => [k, [...v]]));
  for (let guard = 0; guard < 200; guard++) {
    await expect.poll(async () => (await button(page, 'Play').isVisible()) || (await button(page, 'Next').isVisible()) || (await button(page, 'Submit Data').isVisible())).toBe(true);
    if (await button(page, 'Submit Data').isVisible()) break;
    if (await button(page, 'Next').isVisible()) {
      await button(page, 'Next').click();
      continue;
    }
    const form = ((await page.locator('#exercise-title').textContent()) ?? '').trim();
    const planned = queues[form]?.shift();
    if (planned === undefined) throw new Error(`No amount planned for "${form}"`);
    const seconds = typeof planned === 'number' ? 30 : planned.hold;
    await button(page, 'Play').click();
    await page.clock.fastForward(run(seconds));
    await button(page, 'Stop').click();
    if (typeof planned === 'number') {
      await page.getByLabel('Reps').fill(String(planned));
    } else {
      await shows(page, `Time logged: ${planned.hold} s`);
    }
    await button(page, 'Save').click();
  }
  const left = Object.entries(queues).filter(([, v]) => v.length);
  expect(left, 'every planned set was logged').toEqual([]);
}

/** The treadmill test: Play, run for `seconds`, Stop; the time shows in whole seconds. */
async function runTreadmill(page: Page, seconds: number) {
  await button(page, 'Play').click();
  await page.clock.fastForward(COUNTDOWN_MS + seconds * 1000);
  await button(page, 'Stop').click();
  await shows(page, `${seconds} s`);
}

/** Data analysis: six measurements and three photos uploaded at once. */
async function fillDataAnalysis(page: Page, values: Record<string, string>, colours: string[]) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  for (const [i, colour] of colours.entries()) {
    await page.getByLabel(`Image ${i + 1}`, { exact: true }).setInputFiles({ name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: await photo(colour) });
    await expect.poll(() => page.locator(`img[alt^="Image ${i + 1} "]`).isVisible(), { timeout: 10_000 }).toBe(true);
  }
}

/** The chamber's muscle scores, read from its accessible table. */
const muscleTable = (page: Page) =>
  page.locator('.chamber__muscle table tr').evaluateAll((rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector('th')?.textContent ?? '', Number(r.querySelector('td')?.textContent)])),
  );

/** The muscle chart's bars, and the scores drawn in them (a bar too narrow for its score goes without). */
const muscleBars = (page: Page) => page.locator('.chart--muscle svg rect[data-testid^="bar.item."]');
const muscleBarLabels = (page: Page) =>
  page.locator('.chart--muscle svg g').evaluateAll((groups) =>
    groups.filter((g) => g.querySelector(':scope > rect[data-testid^="bar.item."]')).map((g) => g.querySelector(':scope > text')?.textContent ?? ''),
  );

describe('the warrior channel, in Chromium on a phone', () => {
  it('a new member calibrates, completes every phase of version 1 and sees two chamber snapshots', { timeout: 240_000 }, async () => {
    const member = await createMember({ setupDone: true });
    const { page } = await newPage(b.browser, PHONE);
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
    await runSets(page, {
      'Push-up max test': [25],
      'Pull-up max test': [6],
      'Bodyweight squat max test': [40],
      'Single-leg glute bridge max test': [20],
      'Hollow body hold max test': [hold(45)],
      'Chest-to-wall handstand max hold': [hold(0)],
      'Parallel-bar dip max test': [12],
      'Reverse lunge max test': [60],
    });
    await submitPhase(page);

    // --- Calibration 3: data analysis with its validation, then three photos.
    await openActivePhase(page, 'Data analysis');
    await button(page, 'Submit Data').click();
    await shows(page, 'Weight is required');
    await shows(page, 'Image 3 is required');
    await page.getByLabel('Weight (kg)', { exact: true }).fill('heavy');
    await shows(page, 'Weight must be decimal');
    await fillDataAnalysis(
      page,
      { 'Weight (kg)': '82.4', 'Waist (in)': '34', 'Chest (in)': '40', 'Bicep (in)': '14.5', 'Quad (in)': '23', 'Body Fat (%)': '18.2' },
      ['#aa3333', '#33aa33', '#3333aa'],
    );
    await submitPhase(page);
    // Calibrated: the session is refreshed and the member goes to the version list.
    await page.waitForURL(/#\/warrior\/version$/);
    const session = await page.evaluate(() => ({ evolution: JSON.parse(localStorage.getItem('evolution') ?? 'null'), access: JSON.parse(localStorage.getItem('access') ?? 'null') }));
    expect(session.evolution).toMatchObject({ need_calibration: false, version: 1, phase: 1 });
    expect(session.access).toMatchObject({ evolution_page: true });
    await expect.poll(() => page.locator('.step-list__number').allTextContents()).toEqual(['v1.4', 'v1.3', 'v1.2', 'v1.1']);

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
    await runSets(page, { 'Diamond push-up': [12, 12, 12], 'Pull-up negative': [6, 6, 5], 'Parallel-bar dip negative': [2, 2, 1] });
    await page.context().setOffline(true);
    const failed = page.waitForEvent('requestfailed', (req) => req.url().includes('/trpc/warrior.submitPhase'));
    await button(page, 'Submit Data').click();
    await failed;
    // The failed submit gives the button back and keeps the member on the runner with every set.
    await expect.poll(() => button(page, 'Submit Data').isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/phase$/);
    await page.context().setOffline(false);
    // Even a reload keeps the logged sets: they come back from the cache.
    await page.reload();
    await expect.poll(() => page.locator('.round-step__value').allTextContents(), { timeout: 10_000 }).toEqual(['12 reps', '5 reps', '1 rep']);
    await submitPhase(page);

    // --- Phase 3: lower body.
    await openActivePhase(page, 'Lower body strength');
    await runSets(page, { 'Split squat': [15, 15, 15], 'Single-leg hip thrust': [12, 11, 10], 'Skater squat': [10, 10, 10] });
    await submitPhase(page);

    // --- Phase 4: skill and core holds; the runner logs their time.
    await openActivePhase(page, 'Skill and core');
    await runSets(page, { 'Pike hold on box': [hold(41), hold(45), hold(42)], 'Hollow body hold': [hold(15), hold(17), hold(10)] });
    await submitPhase(page);

    // --- Phases 5 and 6: a single Done button.
    await openActivePhase(page, 'Flexibility');
    await submitPhase(page, 'Done');
    await openActivePhase(page, 'Recovery');
    await submitPhase(page, 'Done');

    // --- Phase 7: work volume, 12 sets over six exercises: two repeats of each round.
    await openActivePhase(page, 'Work volume');
    await expect.poll(() => page.locator('#round-title').textContent()).toBe('Round One');
    await runSets(page, {
      'Decline push-up': [8, 8], 'Pull-up negative': [6, 6], 'Bench dip (straight legs)': [20, 20],
      'Bulgarian split squat': [10, 9], 'Single-leg hip thrust': [15, 15], 'Skater squat': [3, 4],
    });
    await submitPhase(page);

    // --- Phase 8: the challenge, one round max output.
    await openActivePhase(page, 'Challenge');
    await expect.poll(() => page.getByText('ONE ROUND MAX OUTPUT', { exact: true }).isVisible()).toBe(true);
    await runSets(page, {
      'Decline push-up': [10], 'Chin-up': [11], 'Bulgarian split squat': [12], 'Single-leg Romanian deadlift': [13],
      'Hollow body tuck hold': [hold(14)], 'Back-to-wall handstand': [hold(15)], 'Parallel-bar dip negative': [16], 'Jumping lunge': [17],
    });
    await submitPhase(page);

    // --- Phase 9: data analysis closes the version.
    await openActivePhase(page, 'Data analysis');
    await fillDataAnalysis(
      page,
      { 'Weight (kg)': '81.1', 'Waist (in)': '33.5', 'Chest (in)': '40.5', 'Bicep (in)': '14.75', 'Quad (in)': '23.25', 'Body Fat (%)': '16.9' },
      ['#3333aa', '#33aa33', '#aa3333'],
    );
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
    expect(await muscleTable(page)).toEqual({ Chest: 6.3, Triceps: 5.6, Back: 3.8, Biceps: 3.8, Quads: 7.1, Glutes: 7.1, Hamstrings: 4.3, Core: 5, Shoulders: 1.7 });
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
    expect(await muscleTable(page)).toEqual({ Chest: 7.5, Triceps: 6.3, Back: 5, Biceps: 5, Quads: 7.1, Glutes: 7.1, Hamstrings: 5.7, Core: 3.3, Shoulders: 3.3 });
    await expect.poll(() => muscleBarLabels(page)).toContain('7.5');
    expect(await page.locator('.metrics').textContent()).toContain('81.1');
    // The trend across versions (also lazy) has both snapshots.
    await expect.poll(() => page.locator('.chart--trend svg').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('.chamber__trend table tbody tr th').allTextContents()).toEqual(['v1.0', 'v1.1']);

    // The results screens show what was logged.
    await page.goto('/#/with_menu/calibration_results');
    await expect.poll(() => page.getByRole('cell', { name: /Push-up max test/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.locator('tbody tr').count()).toBe(8);
    await page.goto('/#/with_menu/workout_results');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(9);
    expect(await page.getByRole('button', { name: 'Previous phase' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next phase' }).click();
    await expect.poll(() => page.locator('tbody td[data-label="Form"]').first().textContent()).toBe('Split squat');
  });

  it('skipping the treadmill test records nothing and goes on to the Work route', async () => {
    const member = await createMember({ setupDone: true });
    const { page } = await newPage(b.browser, PHONE);
    await signIn(page, member.email, member.password);
    await page.goto('/#/user/warrior/calibration/phase');
    await button(page, 'Skip test').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Skip test' }).click();
    await page.waitForURL(/#\/with_menu\/work_volume_analysis\?from=calibration&phase=vo2$/);
    await page.goto('/#/user/warrior/calibration');
    await expect.poll(() => page.locator('a.step-list__item--active .step-list__title').textContent(), { timeout: 10_000 }).toBe('Calibration max tests');
    // Nothing was recorded for the skipped test.
    expect((await api('/user/export', { token: member.token })).json.training.vo2_tests).toEqual([]);
  });

  it('opened directly, the runner gets start-up and its phase in one request; what it needs later loads after it paints', async () => {
    const member = await createMember({ setupDone: true });
    const { page } = await newPage(b.browser, PHONE);
    await signIn(page, member.email, member.password);
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
    // The Markdown renderer and the dialog are fetched after the screen had its answer (the page's own resource timing).
    const timing = () =>
      page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const find = (part: string) => entries.find((e) => new URL(e.name).pathname.startsWith(part));
        return { answered: find('/trpc/auth.me,warrior.phase')?.responseEnd, content: find('/assets/PageContent-')?.startTime, dialog: find('/assets/Modal-')?.startTime };
      });
    await expect.poll(async () => { const t = await timing(); return t.content !== undefined && t.dialog !== undefined; }).toBe(true);
    const { answered, content, dialog } = await timing();
    expect(content).toBeGreaterThan(answered!);
    expect(dialog).toBeGreaterThan(answered!);

    // Opening the folded instructions renders their Markdown.
    await page.getByText('How to run this phase', { exact: true }).click();
    await page.locator('.runner-brief .page-content h2').first().waitFor();
    // The skip question still asks, and Cancel leaves the test as it was.
    await button(page, 'Skip test').click();
    await page.getByRole('alertdialog', { name: 'Skip the test?' }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(page.url()).toMatch(/\/phase$/);
  });
});
