import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Opens a screen by its hash path and waits for its main heading. */
export async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`/#${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
}

/** Waits until nothing on the screen is loading. */
export const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.spinner'), undefined, { timeout: 15_000 });

/** Opens a screen by its hash path and waits for its heading and for nothing to be loading. */
export async function visitSettled(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await visit(page, path, heading);
  await settled(page);
}

/** Waits until the text shows somewhere on the page (toasts included). */
export async function shows(page: Page, text: string | RegExp): Promise<void> {
  // Any visible match: the first in the page may be a hidden one (a closed menu, a screen on its way out).
  await expect.poll(() => page.getByText(text).visible().count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The text of each cell of a table's body, row by row; the table is found by its caption. */
export const tableRows = (page: Page, caption: string) =>
  page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent?.trim() ?? '')));

/** The table row with a cell that reads exactly `name`. */
export const rowNamed = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Picks a PNG of one colour as the edit screen's Image (a meal's, a page's) and waits for its preview. */
export async function pickImage(
  page: Page,
  file: string,
  { width, height, colour }: { width: number; height: number; colour: string },
): Promise<void> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  await page.getByLabel('Image', { exact: true }).setInputFiles({ name: file, mimeType: 'image/png', buffer: png });
  await page.getByRole('img', { name: 'Image: current file' }).waitFor();
}
