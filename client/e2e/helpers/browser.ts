import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import type { E2eLane } from './global-setup.ts';

/** Where browser tests leave screenshots, axe findings and logs. */
export const resultsDir = resolve(import.meta.dirname, '../../../test-results');

/** Chromium flags for headless runs in containers and CI: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium); playwright-core never downloads one. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * This file's lane of the browser project's global setup: the worker's pool id (1 to maxWorkers, never the same for two files
 * running at once) picks it, so two files side by side never share a server, a database or a mailbox.
 */
export function lane(): E2eLane {
  const lanes = inject('e2eLanes');
  const found = lanes[Number(process.env.VITEST_POOL_ID ?? '1') - 1];
  if (!found)
    throw new Error(`No browser-test lane for VITEST_POOL_ID=${process.env.VITEST_POOL_ID} (${lanes.length} lanes)`);
  return found;
}

/** The URL of this file's real server (see lane). */
export function baseUrl(): string {
  return lane().baseUrl;
}

/** One browser per test file: launched before all tests, closed after. */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('useBrowser(): the browser exists only inside tests (after beforeAll).');
      return browser;
    },
  };
}

export interface TestPage {
  page: Page;
  /** Uncaught errors thrown in the page so far; any of them fails the test when it finishes. */
  pageErrors: Error[];
  /** Console messages of type error, for diagnosing a failure (a 401 logs one, so they do not fail the test). */
  consoleErrors: string[];
  /** Saves a full-page PNG to test-results/<name>.png (unless E2E_SCREENSHOTS=0) and returns its path. */
  screenshot(name: string): Promise<string>;
}

/**
 * Screenshots are for people to look at: taken unless E2E_SCREENSHOTS=0, which `npm test` sets (nobody looks at that
 * run's, and capturing them costs the suite CPU time). A failing test's screenshot is always taken.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

const fileSafe = (name: string) =>
  name
    .replace(/[^a-z0-9._-]+/gi, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 120);

/**
 * A fresh context and page on the server under test (relative URLs resolve against it, e.g. `page.goto('/#/login')`).
 * Call inside a test: when the test ends the page is closed, a screenshot is saved if it failed, and an uncaught page
 * error fails it.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: safeBaseUrl(),
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });

  const capture = async (name: string) => {
    mkdirSync(resultsDir, { recursive: true });
    const path = join(resultsDir, `${fileSafe(name)}.png`);
    await page.screenshot({ path, fullPage: true });
    return path;
  };
  const screenshot = async (name: string) =>
    screenshotsWanted ? capture(name) : join(resultsDir, `${fileSafe(name)}.png`);

  try {
    onTestFinished(async (ctx) => {
      try {
        if (ctx.task.result?.state === 'fail' || pageErrors.length)
          await capture(`${basename(ctx.task.file.name, '.e2e.ts')}-${ctx.task.name}`).catch(() => {});
      } finally {
        await context.close();
      }
      if (pageErrors.length) {
        throw new Error(
          `The page threw ${pageErrors.length} uncaught error(s):\n${pageErrors.map((e) => e.stack ?? e.message).join('\n')}` +
            (consoleErrors.length ? `\nConsole errors:\n${consoleErrors.join('\n')}` : ''),
        );
      }
    });
  } catch {
    // Called outside a test (e.g. in beforeAll): the caller closes the page itself.
  }
  return { page, pageErrors, consoleErrors, screenshot };
}

/** The provided base URL, or none when running outside the browser project (e.g. a quick smoke script). */
function safeBaseUrl(): string | undefined {
  let lanes: E2eLane[] | undefined;
  try {
    lanes = inject('e2eLanes');
  } catch {
    return undefined;
  }
  // With lanes provided, a file without one of its own is a real fault: lane() says so rather than a bad URL later.
  return lanes === undefined ? undefined : baseUrl();
}
