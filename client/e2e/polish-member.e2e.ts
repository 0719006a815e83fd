/**
 * The member side's layout edges, in Chromium at 390, 768 and 1280 px: the side menu's Back beside the Account
 * Settings title, the upgrade notice as one paragraph, channel tiles' names level, phone tables aligned, the version
 * list's back link, the flag thread naming itself once, the quiet Sustain and the data analysis photo picker. Each
 * screen is saved as test-results/polish-member-E-<screen>-<width>.png and audited with axe at 390 and 1280 px.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { resultsDir, screenshotsWanted, useBrowser, type TestPage } from './helpers/browser.ts';
import { calibrationPhase, MAX_TESTS, measuredSuperhuman } from './helpers/calibration.ts';
import { api, createMember, signedInPage, type TestMember } from './helpers/members.ts';
import { photoInput } from './helpers/runner.ts';
import { settled, visitSettled } from './helpers/screens.ts';

const b = useBrowser();

const WIDTHS = [
  { width: 390, height: 844, touch: true },
  { width: 768, height: 1024, touch: true },
  { width: 1280, height: 800, touch: false },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
};

/** How many lines an element's text takes (its text's line boxes, by their tops). */
const lines = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // Boxes on one line (text, a link) differ in top by a pixel or two; a new line starts a line-height lower.
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    return tops.sort((a, b) => a - b).filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
  });

/** Whether an element's link starts mid-line after its text and the text after it goes on on the link's last line. */
const flowsInline = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const link = el.querySelector('a')!;
    const after = document.createRange();
    after.setStartAfter(link);
    after.setEnd(el, el.childNodes.length);
    const linkLines = [...link.getClientRects()];
    return (
      linkLines[0]!.left > el.getBoundingClientRect().left + 1 &&
      Math.abs(linkLines.at(-1)!.top - after.getClientRects()[0]!.top) < 2
    );
  });

/**
 * On a phone's card rows, how far the value of each cell ends from the cell's right edge (less its padding), per
 * column: every value sits at the right.
 */
const valueGaps = (page: Page) =>
  page.locator('.table tbody tr:first-child td').evaluateAll((cells) =>
    cells.map((td) => {
      const text = [...td.querySelectorAll('*'), td]
        .flatMap((el) => [...el.childNodes])
        .find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const right = td.getBoundingClientRect().right - parseFloat(getComputedStyle(td).paddingRight);
      return Math.round(right - range.getBoundingClientRect().right);
    }),
  );

const signedIn = (member: TestMember, options: BrowserContextOptions): Promise<TestPage> =>
  signedInPage(b.browser, member, { ...AXE_CONTEXT, ...options });

describe('the member side at 390, 768 and 1280 px, in Chromium', () => {
  it(
    'menus, notices, tiles, tables, headers and the photo picker hold their layout',
    { timeout: 240_000 },
    async () => {
      const [member, unsubscribed, analysing] = await Promise.all([
        measuredSuperhuman(),
        createMember({ setupDone: true, subscribed: false }),
        createMember({ setupDone: true }),
      ]);
      await calibrationPhase(analysing, 'vo2', { time_to_complete: 900 });
      await calibrationPhase(analysing, 'exercise', MAX_TESTS);
      const flag = await api('/user/assistance_flag', {
        method: 'POST',
        token: member.token,
        body: { subject: 'Shoulder click on dips', message: 'It clicks at the bottom of each dip.' },
      });
      const photo = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#aa3333' } })
        .jpeg()
        .toBuffer();

      const desk = await signedIn(member, { viewport: { width: 1280, height: 800 } });
      const none = await signedIn(unsubscribed, { viewport: { width: 1280, height: 800 } });
      const audits = [new AxeAudit(desk.page), new AxeAudit(none.page)];
      // Layout facts that hold at some widths only, each a sentence when it fails.
      const problems: string[] = [];
      let noticeLines = 0;

      for (const [slot, { width, height, touch }] of WIDTHS.entries()) {
        const at = `${width}`;
        const audit = width !== 768;
        // From the top, with the pointer off the tiles (a hovered tile lifts).
        const shot = async (tp: TestPage, screen: string) => {
          await tp.page.mouse.move(0, 0);
          await tp.page.evaluate(() => window.scrollTo(0, 0));
          await tp.screenshot(`polish-member-E-${screen}-${at}`);
        };
        const { page } = desk;
        await page.setViewportSize({ width, height });
        await none.page.setViewportSize({ width, height });

        // Point 1: the side menu's Back and the Account Settings title side by side, neither squeezed.
        await visitSettled(page, '/gateway/gateway', /./);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Account Settings' }).click();
        await page.getByRole('dialog', { name: 'Account Settings' }).waitFor();
        const back = await box(page, '.drawer__back');
        const title = await box(page, '.drawer__title');
        if (back.x + back.width > title.x + 0.5) problems.push(`${at}: the menu's Back runs into its title`);
        expect(await lines(page, '.drawer__back span')).toBe(1);
        expect(await page.locator('.drawer__back').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        if (audit) await audits[0]!.check(`side menu: Account Settings ${at}`);
        await shot(desk, 'menu-account');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        // Point 2: the unsubscribed member's notice is one paragraph, on one line on a desktop.
        await visitSettled(none.page, '/with_menu/upgrade', 'Upgrade');
        const notice = none.page.locator('.notice--warning');
        expect(await notice.evaluate((el) => el.children.length)).toBe(1);
        if (!(await flowsInline(none.page, '.notice--warning > span')))
          problems.push(`${at}: the upgrade notice's link does not flow with its sentence`);
        if (width === 1280) noticeLines = await lines(none.page, '.notice--warning > span');
        if (audit) await audits[1]!.check(`/with_menu/upgrade unsubscribed ${at}`);
        await shot(none, 'upgrade-notice');

        // Channel and upgrade tiles: the names sit at one height across a row.
        for (const [path, heading] of [
          ['/channel-menu', 'Channels'],
          ['/with_menu/upgrade', 'Upgrade'],
        ] as const) {
          await visitSettled(page, path, heading);
          const tops = await page
            .locator('.tile__title')
            .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
          const rows = await page
            .locator('.tile')
            .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
          // The name's offset from its tile's top is the same in every tile.
          const offsets = new Set(tops.map((top, i) => Math.round(top - rows[i]!)));
          if (offsets.size !== 1) problems.push(`${at}: ${path}'s tile names sit at ${[...offsets].join(', ')} px`);
          if (audit) await audits[0]!.check(`${path} ${at}`);
          await shot(desk, path.split('/').pop()!);
        }

        // Tables: on a phone's card rows every value ends at the right, a two-line cell included, on one short row.
        for (const [path, heading] of [
          ['/with_menu/calibration_results', 'Calibration Results'],
          ['/with_menu/form_levels', 'Form Levels'],
        ] as const) {
          await visitSettled(page, path, heading);
          if (width === 390) {
            const gaps = await valueGaps(page);
            if (gaps.some((gap) => Math.abs(gap) > 1)) problems.push(`${path}: values end ${gaps} px from the right`);
            const tallest = await page
              .locator('.table tbody td')
              .evaluateAll((tds) => Math.max(...tds.map((td) => td.getBoundingClientRect().height)));
            if (tallest >= 70) problems.push(`${path}: a card row's cell is ${tallest} px tall`);
          }
          if (audit) await audits[0]!.check(`${path} ${at}`);
          await shot(desk, path.split('/').pop()!);
        }

        // The Dynamic Evolution list goes back to Warrior like the other sub-screens.
        await visitSettled(page, '/warrior/version', 'Dynamic Evolution');
        expect(await page.locator('.page__back').getAttribute('href')).toBe('#/warrior/ground-zero');
        if (audit) await audits[0]!.check(`/warrior/version ${at}`);
        await shot(desk, 'versions');

        // A flag thread says 'Assistance flag' once: the back link to the list.
        await visitSettled(page, `/with_menu/assistance_flags/${flag.json.data.id}`, 'Shoulder click on dips');
        expect((await page.locator('.page__header').innerText()).match(/assistance flag/gi)).toHaveLength(1);
        if (audit) await audits[0]!.check(`flag thread ${at}`);
        await shot(desk, 'flag-thread');

        // Sustain does nothing (docs/spec/member-and-public.md): a quiet button that says what it means.
        await visitSettled(page, '/with_menu/macro_data', 'Macro Data');
        const sustain = page.getByRole('button', { name: 'Sustain' });
        expect(await sustain.getAttribute('class')).toContain('button--secondary');
        const hint = await sustain.getAttribute('aria-describedby');
        expect(await page.locator(`#${hint}`).innerText()).toMatch(/^Sustain means/);
        if (audit) await audits[0]!.check(`/with_menu/macro_data ${at}`);
        await shot(desk, 'macro-data');

        // The data analysis photos: the app's picker (Take photo on a touch screen), a preview once one is chosen.
        const analysis = await signedIn(analysing, { viewport: { width, height }, hasTouch: touch });
        const ap = analysis.page;
        const image = `Image ${slot + 1}`;
        await visitSettled(ap, '/user/warrior/calibration/phase', 'Data analysis');
        const group = ap.getByRole('group', { name: image, exact: true });
        await group.getByRole('button', { name: 'Choose photo' }).focus();
        expect(
          await group.getByRole('button', { name: 'Choose photo' }).evaluate((el) => el === document.activeElement),
        ).toBe(true);
        expect(await group.getByRole('button', { name: 'Take photo' }).isVisible()).toBe(touch);
        expect(await photoInput(ap, image, 'camera').getAttribute('capture')).toBe('environment');
        await photoInput(ap, image).setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
        await group.locator('img.photo-field__preview').waitFor();
        await group.getByRole('button', { name: 'Change photo' }).waitFor();
        await settled(ap);
        if (audit) {
          const a = new AxeAudit(ap);
          await a.check(`data analysis ${at}`);
          audits.push(a);
        }
        await shot(analysis, 'data-analysis');
        // A full-page capture drops touch emulation: the picker is captured as it is on the screen.
        if (screenshotsWanted)
          await ap.locator('.photo-grid').screenshot({ path: join(resultsDir, `polish-member-E-photos-${at}.png`) });
      }

      expect(problems).toEqual([]);
      // At 1280 px the notice (longer than the column is wide) wraps once, as one paragraph.
      expect(noticeLines).toBeLessThanOrEqual(2);
      expect(audits.flatMap((a) => a.blocking()).map((f) => `[${f.screen}] ${f.id}: ${f.targets.join(' ')}`)).toEqual(
        [],
      );
    },
  );
});
