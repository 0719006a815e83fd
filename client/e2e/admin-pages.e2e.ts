/**
 * Content pages in Chromium: an admin adds a technique guide with a picture, a video and Markdown, watching the live
 * preview, and a warrior member reads it formatted with its picture and a playable video; the admin edits the
 * warrior introduction and the member reads the change; the guide is deleted after a confirmation. The seeded pages
 * read as before now that their text is Markdown; and axe-core finds no serious or critical violation on the admin
 * page screens at 1280 and 768 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_PAGE_MESSAGE } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { LAPTOP, TABLET, auditAtSizes, reportOf, saveFindings } from './helpers/axe.ts';
import { resultsDir, screenshotsWanted, useBrowser } from './helpers/browser.ts';
import { adminToken, api, createMember, signedInPage, unique } from './helpers/members.ts';
import { pickImage } from './helpers/screens.ts';

const b = useBrowser();
const VIDEO = readFileSync(resolve(import.meta.dirname, 'fixtures/coach-demo.webm'));

/** The headings, list items and bold words of a rendered page text, to compare what a reader sees. */
const structure = (page: Page, root: string) =>
  page
    .locator(root)
    .first()
    .evaluate((el) => ({
      headings: [...el.querySelectorAll('h2, h3')].map((h) => h.textContent),
      items: el.querySelectorAll('li').length,
      strong: [...el.querySelectorAll('strong')].map((s) => s.textContent),
      links: [...el.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
    }));

describe('content pages, in Chromium', () => {
  it(
    'an admin adds a technique guide with a picture, a video and Markdown; a member reads it; the admin deletes it',
    { timeout: 150_000 },
    async () => {
      const title = `Grip strength ${unique()}`;
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);

      // Content Pages → Technique guides: ADD is offered there only.
      await page.goto('/#/admin/page_management');
      await page.getByText('Choose a category to see its pages.').waitFor();
      const tree = page.getByRole('navigation', { name: 'Page categories' });
      await tree.getByRole('link', { name: 'Introduction' }).click();
      await page.waitForURL(/page_category_id=1$/);
      await page.getByRole('cell', { name: 'How to use the Warrior channel', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: /^Add a page/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      await tree.getByRole('link', { name: 'Technique guides' }).click();
      await page.waitForURL(/page_category_id=4$/);
      await page.getByRole('cell', { name: 'Push: technique guide', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(8);

      // The search stays in the query string.
      await page.getByLabel('Search pages of Technique guides by title').fill('squat');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/page_category_id=4&search=squat$/);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

      await page.getByRole('link', { name: 'Add a page to Technique guides' }).click();
      await page.waitForURL(/#\/admin\/page\/add\?page_category_id=4$/);
      await page.getByLabel('Title').fill(title);
      expect(await page.getByLabel('Class').isDisabled()).toBe(true);
      await page.getByLabel('Muscle group (optional)').selectOption({ label: 'Back' });
      await pickImage(page, 'grip.png', { width: 480, height: 270, colour: '#2e86de' });
      await page
        .getByLabel('Video', { exact: true })
        .setInputFiles({ name: 'grip.webm', mimeType: 'video/webm', buffer: VIDEO });
      await page.locator('video[aria-label="Video: current file"]').waitFor();

      // The preview follows the Markdown as it is typed, and shows HTML as text.
      await page
        .getByLabel('Content')
        .fill(
          'A strong grip keeps you **on the bar** longer.\n\n## Set-up\n- Thumbs around the bar\n- Squeeze hard\n\n## Progressions\n1. Dead hang\n2. Towel hang\n\nRead the [pull guide](#/warrior/technique-guides/12). <img src=x onerror=alert(1)>',
        );
      const preview = page.locator('.page-edit__preview .page-content');
      await expect
        .poll(() => structure(page, '.page-edit__preview .page-content'))
        .toEqual({
          headings: ['Set-up', 'Progressions'],
          items: 4,
          strong: ['on the bar'],
          links: [['pull guide', '#/warrior/technique-guides/12']],
        });
      expect(await preview.locator('img').count()).toBe(0);
      expect(await preview.textContent()).toContain('<img src=x onerror=alert(1)>');
      await screenshot('admin-pages-add-guide');
      await page.getByRole('button', { name: 'SAVE' }).click();

      await page.waitForURL(/#\/admin\/page_management\?page_category_id=4$/);
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
      const token = await adminToken();
      const guides = await api('/admin/page/category/4/pages', { token });
      const saved = guides.json.data.at(-1) as {
        id: number;
        title: string;
        image_id: number;
        video_id: number;
        muscle_group_id: number;
      };
      expect(saved).toMatchObject({ title, muscle_group_id: 2 });
      expect(saved.image_id).toBeGreaterThan(0);
      expect(saved.video_id).toBeGreaterThan(0);

      // A warrior member finds it among the technique guides: formatted text, the picture and a playable video.
      const member = await createMember({ setupDone: true });
      const reader = await signedInPage(b.browser, member);
      await reader.page.goto('/#/warrior/technique-guides');
      await reader.page.getByRole('link', { name: new RegExp(title) }).click();
      await reader.page.waitForURL(new RegExp(`#/warrior/technique-guides/${saved.id}$`));
      await reader.page.locator('article .page-content h2').first().waitFor();
      expect(await structure(reader.page, 'article .page-content')).toEqual({
        headings: ['Set-up', 'Progressions'],
        items: 4,
        strong: ['on the bar'],
        links: [['pull guide', '#/warrior/technique-guides/12']],
      });
      const picture = reader.page.getByRole('img', { name: title });
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
      const video = reader.page.locator('article video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
      await reader.screenshot('admin-pages-member-guide');

      // DELETE asks first; after it the member's list no longer has the guide.
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete page?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.locator('.toast__message', { hasText: `${title} was deleted.` }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: title, exact: true }).count()).toBe(0);
      expect((await api(`/user/page/${saved.id}`, { token: member.token })).status).toBe(404);
    },
  );

  it(
    'an admin edits the warrior introduction; the member reads the change; refused fields say why',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const original = (await api('/admin/page/1', { token })).json.data as { title: string; content: string };
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);

      // A calibration phase keeps its class: the select is fixed and says why.
      await page.goto('/#/admin/page/21/edit');
      await page.getByLabel('Title').waitFor();
      expect(await page.getByLabel('Class').isDisabled()).toBe(true);
      await page.getByText('The calibration track keeps its phases').waitFor();

      // A version's data analysis cannot become another phase: the server's reason shows under the field.
      await page.goto('/#/admin/page/39/edit');
      await page.getByLabel('Class').selectOption({ label: 'Recovery' });
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.locator('.field__error', { hasText: 'Data analysis closes every version' }).waitFor();
      expect(page.url()).toMatch(/\/admin\/page\/39\/edit$/);

      await page.goto('/#/admin/page_management?page_category_id=1');
      await page.getByRole('link', { name: 'Edit How to use the Warrior channel' }).click();
      await page.waitForURL(/#\/admin\/page\/1\/edit$/);
      await expect.poll(() => page.getByLabel('Content').inputValue()).toBe(original.content);
      await page.getByLabel('Title').fill('');
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.getByText(ADMIN_PAGE_MESSAGE.titleRequired).waitFor();

      const added = '## This week\n\nTrain **three** days, rest on the others.';
      await page.getByLabel('Title').fill('How to use Warrior');
      await page.getByLabel('Content').fill(`${original.content}\n\n${added}`);
      await page.locator('.page-edit__preview h2', { hasText: 'This week' }).waitFor();
      await screenshot('admin-pages-edit-introduction');
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.waitForURL(/#\/admin\/page_management\?page_category_id=1$/);
      await page.getByRole('cell', { name: 'How to use Warrior', exact: true }).waitFor();

      const member = await createMember({ setupDone: true });
      const reader = await signedInPage(b.browser, member);
      await reader.page.goto('/#/introduction?type=warrior');
      await reader.page.getByRole('heading', { level: 1, name: 'How to use Warrior' }).waitFor();
      await reader.page.locator('.page-content h2', { hasText: 'This week' }).waitFor();
      expect(await reader.page.locator('.page-content strong', { hasText: 'three' }).count()).toBe(1);
      await reader.screenshot('admin-pages-member-introduction');

      // Put the seeded text back for the other browser tests.
      expect(
        (
          await api('/admin/page/1', {
            method: 'PUT',
            token,
            body: { title: original.title, content: original.content },
          })
        ).status,
      ).toBe(200);
    },
  );

  it(
    'the seeded pages read as before: section titles as headings, lists, and the text after a list on its own',
    { timeout: 120_000 },
    async () => {
      const member = await createMember({ setupDone: true, planId: 3, channelId: 2 });
      const { page } = await signedInPage(b.browser, member);
      // Each screen with its title, waited for so the text read is that screen's.
      const shots: [string, string, string][] = [
        ['intro-warrior', '/#/introduction?type=warrior', 'How to use the Warrior channel'],
        ['intro-portal', '/#/introduction?type=portal', 'Welcome to the portal'],
        ['guide-11', '/#/warrior/technique-guides/11', 'Push: technique guide'],
        ['guide-13', '/#/warrior/technique-guides/13', 'Squat: technique guide'],
        ['phase-calibration-vo2', '/#/user/warrior/calibration/phase', 'VO2 max test'],
        ['macro-guidelines', '/#/superhuman/macro-guidelines', 'Macro guidelines'],
        ['elixir-one', '/#/superhuman/meal/saturni-elixir/phase-one', 'Saturni Elixir: Phase One'],
      ];
      const seen: Record<string, Awaited<ReturnType<typeof structure>>> = {};
      for (const [name, url, title] of shots) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: 15_000 });
        // The runner renders its folded instructions once they are opened.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        await page.locator('.page-content').first().waitFor({ state: 'attached', timeout: 15_000 });
        seen[name] = await structure(page, '.page-content');
        mkdirSync(join(resultsDir, 'pages-md'), { recursive: true });
        if (screenshotsWanted)
          await page.screenshot({ path: join(resultsDir, 'pages-md', `after-${name}.png`), fullPage: true });
      }
      expect(seen['guide-13']!.headings).toEqual(['Set-up', 'The rep', 'Single-leg progressions', 'Common faults']);
      // "Reps are counted per leg." follows the list as its own paragraph, as it did before.
      await page.goto('/#/warrior/technique-guides/13');
      await page.locator('.page-content > p', { hasText: 'Reps are counted per leg.' }).waitFor();
      expect(seen['guide-11']!.headings).toEqual(['Set-up', 'The rep', 'Common faults', 'Moving up the ladder']);
      expect(seen['phase-calibration-vo2']!.headings).toEqual(['Before you start', 'The protocol', 'Your result']);
      expect(seen['intro-warrior']!.strong).toEqual([
        'Calibrate.',
        'Train through versions.',
        'Progress with double progression.',
        'Set your work volume.',
      ]);
      expect(seen['intro-warrior']!.items).toBe(13);
      expect(seen['macro-guidelines']!.headings).toEqual(['How they are worked out', 'Using them']);
      expect(seen['elixir-one']!.items).toBe(4);
    },
  );

  it(
    'the admin page screens have no serious or critical axe violations at 1280 and 768 px',
    { timeout: 150_000 },
    async () => {
      const audits = await auditAtSizes(
        b.browser,
        [LAPTOP, TABLET],
        E2E_ADMIN,
        async ({ page, screenshot, audit, viewport }) => {
          const at = `${viewport.width}px`;

          await page.goto('/#/admin/page_management?page_category_id=4');
          await page.getByRole('cell', { name: 'Push: technique guide', exact: true }).waitFor();
          await audit.check(`page management ${at}`);
          await screenshot(`admin-pages-list-${at}`);

          await page.getByRole('button', { name: 'Delete Push: technique guide' }).click();
          await page.getByRole('alertdialog', { name: 'Delete page?' }).waitFor();
          await audit.check(`delete dialog ${at}`);
          await page.getByRole('button', { name: 'Cancel' }).click();

          await page.goto('/#/admin/page_management?page_category_id=6');
          await page.getByRole('cell', { name: 'Data analysis', exact: true }).waitFor();
          await audit.check(`version pages ${at}`);

          await page.goto('/#/admin/page/11/edit');
          await expect.poll(() => page.getByLabel('Content').inputValue()).not.toBe('');
          await page.locator('.page-edit__preview h2').first().waitFor();
          await audit.check(`edit guide ${at}`);
          await screenshot(`admin-pages-edit-${at}`);

          await page.goto('/#/admin/page/add?page_category_id=4');
          await page.getByLabel('Title').waitFor();
          await page.getByRole('button', { name: 'SAVE' }).click();
          await page.getByText(ADMIN_PAGE_MESSAGE.contentRequired).waitFor();
          await audit.check(`add guide with errors ${at}`);
          await screenshot(`admin-pages-add-errors-${at}`);

          await page.goto('/#/admin/page/add?page_category_id=1');
          await page.getByText(ADMIN_PAGE_MESSAGE.addOnlyTechniqueGuides).waitFor();
          await audit.check(`add outside technique guides ${at}`);
        },
      );
      saveFindings(
        'admin-pages',
        audits.flatMap((a) => a.findings),
      );
      expect(reportOf(audits)).toBe('');
    },
  );
});
