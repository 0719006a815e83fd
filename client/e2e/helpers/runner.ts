import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './axe.ts';
import { shows } from './screens.ts';

// The phase runner driven as a member would, shared by the warrior journeys (online and offline).

/** A phone's browser, touch included: the runner must work at 375 px. */
export const PHONE_CONTEXT = { viewport: PHONE, hasTouch: true } as const;
/** The runner's countdown before every timed effort. */
export const COUNTDOWN_MS = 5000;
/**
 * Playwright's clock keeps flowing between actions, so a set runs for the fast-forward plus the real time between
 * the Play and Stop clicks: landing 0.2 s short makes the whole seconds sent exactly the planned ones.
 */
export const run = (seconds: number) => COUNTDOWN_MS + Math.max(50, seconds * 1000 - 200);

/** A small progress photo (JPEG) of one colour. */
const photo = (colour: string) =>
  sharp({ create: { width: 90, height: 120, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A hold logs its time: the planned number is seconds on the timer, not typed reps. */
export interface Hold {
  hold: number;
}
export const hold = (seconds: number): Hold => ({ hold: seconds });
export type Planned = number | Hold;

/** Opens the active phase from the phase list and checks it is the one expected. */
export async function openActivePhase(page: Page, title: string) {
  await page.locator('a.step-list__item--active').click();
  await page.waitForURL(/#\/user\/warrior\/(calibration|general)\/phase$/);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toBe(title);
}

/** Submits the phase and waits to be taken on (to the phase list, the version list, or the Work route). */
export async function submitPhase(page: Page, name = 'Submit Data') {
  await button(page, name).click();
  await page.waitForURL((url) => !url.hash.endsWith('/phase'), { timeout: 15_000 });
}

/**
 * Runs every round of an exercise phase through the runner: Play, the countdown and the set on Playwright's clock,
 * Stop, reps typed (holds log their time), Save; Next between rounds. `plan` gives each form's amounts in order.
 * Stops when Submit Data is offered.
 */
export async function runSets(page: Page, plan: Record<string, Planned[]>) {
  const queues = Object.fromEntries(Object.entries(plan).map(([k, v]) => [k, [...v]]));
  for (let guard = 0; guard < 200; guard++) {
    await expect
      .poll(
        async () =>
          (await button(page, 'Play').isVisible()) ||
          (await button(page, 'Next').isVisible()) ||
          (await button(page, 'Submit Data').isVisible()),
      )
      .toBe(true);
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
export async function runTreadmill(page: Page, seconds: number) {
  await button(page, 'Play').click();
  await page.clock.fastForward(COUNTDOWN_MS + seconds * 1000);
  await button(page, 'Stop').click();
  await shows(page, `${seconds} s`);
}

/**
 * The library file input behind a photo's Choose photo button (the picker's group is named after the photo); the
 * camera's input is the one with `capture`.
 */
export const photoInput = (page: Page, label: string, from: 'library' | 'camera' = 'library') =>
  page
    .getByRole('group', { name: label, exact: true })
    .locator(from === 'camera' ? 'input[type="file"][capture]' : 'input[type="file"]:not([capture])');

/** Data analysis: six measurements and three photos uploaded at once. */
export async function fillDataAnalysis(page: Page, values: Record<string, string>, colours: string[]) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  for (const [i, colour] of colours.entries()) {
    await photoInput(page, `Image ${i + 1}`).setInputFiles({
      name: `photo-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photo(colour),
    });
    await expect.poll(() => page.locator(`img[alt^="Image ${i + 1} "]`).isVisible(), { timeout: 10_000 }).toBe(true);
  }
}
