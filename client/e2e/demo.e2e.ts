/**
 * The seeded demo in Chromium (DEMO_SEED, server/src/db/demoHistory.ts): the demo member finds Evolution open with a
 * chamber of three analyses and their photos, macro data with figures, and an introduction video that plays (served
 * in ranges); no call on the way fails. Screenshots at 390 and 1280 px; axe finds nothing serious or critical.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { signIn } from './helpers/members.ts';

const b = useBrowser();

describe('the seeded demo', () => {
  it('the demo member sees Evolution open with history, macro figures and a video that plays', async () => {
    const { page, screenshot } = await newPage(b.browser, AXE_CONTEXT);
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    const audit = new AxeAudit(page);
    // Each size is laid out afresh (a reload), as a phone opening the screen would.
    const bothSizes = async (name: string, ready: string) => {
      await screenshot(`demo-g-${name}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.locator(ready).last().waitFor();
      // A video shows its first frame, not a black box.
      await page.waitForFunction(() => [...document.querySelectorAll('video')].every((v) => v.readyState >= 2));
      await screenshot(`demo-g-${name}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    await signIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(/#\/gateway\/gateway/);
    await page.getByRole('link', { name: /Your chamber/ }).click();
    await page.waitForURL(/#\/evolution$/);
    // The first page is the calibration; each has its three progress photos.
    await page.locator('.photo-strip img').nth(2).waitFor();
    expect(await page.locator('.photo-strip img').count()).toBe(3);
    await page.getByRole('button', { name: 'Next version' }).click();
    await page.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Next version' }).isDisabled()).toBe(true);
    await page.locator('.photo-strip img').nth(2).waitFor();
    await audit.check('evolution chamber with history');
    await bothSizes('chamber', '.photo-strip img');

    await page.goto('/#/with_menu/macro_data');
    await page.locator('.macro-figures__value').first().waitFor();
    expect(await page.getByText('DATA COULD NOT BE FOUND.').count()).toBe(0);
    expect(Number(await page.locator('.macro-figures__value').first().textContent())).toBeGreaterThan(1000);
    await audit.check('macro data with figures');
    await bothSizes('macro-data', '.macro-figures__value');

    const ranges: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/media/')) ranges.push(req.headers().range ?? 'none');
    });
    await page.goto('/#/introduction?type=portal');
    const video = page.locator('.video-slot video');
    await video.waitFor();
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise<void>((done) => {
        const check = () => (v.currentTime > 1 ? done() : requestAnimationFrame(check));
        check();
      });
      v.pause();
      return { readyState: v.readyState, currentTime: v.currentTime, duration: v.duration };
    });
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.currentTime).toBeGreaterThan(1);
    expect(played.duration).toBeCloseTo(6, 0);
    expect(ranges.some((r) => r.startsWith('bytes='))).toBe(true);
    await audit.check('introduction with the demo video');
    await bothSizes('introduction-video', '.video-slot video');

    expect(audit.report).toBe('');
    expect(failed).toEqual([]);
  });
});
