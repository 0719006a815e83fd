/**
 * Uploaded media in Chromium: an admin uploads a small real video to a technique guide through the upload field (a
 * PNG named .webm is refused under the field first), a warrior member's guide then plays it from its signed address
 * (metadata loaded, a seek to a later second lands, served with range requests), and the admin removes it again;
 * axe-core finds no serious or critical violation on the upload field's states at 1280 and 768 px.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MEDIA_MESSAGE } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, describeFindings, saveFindings, type Finding } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { api, memberTest, signIn } from './helpers/members.ts';

const b = useBrowser();
/** 6 s of VP8 at 192x108 with a key frame every second and cues (made once with ffmpeg's testsrc). */
const VIDEO = readFileSync(resolve(import.meta.dirname, 'fixtures/coach-demo.webm'));

/**
 * This file audits the upload field on the page edit screen, which belongs to the content pages' own audit: the
 * serious or critical findings on the field's nodes fail here, the rest of the screen's are kept in
 * test-results/axe-media.json for that audit.
 */
async function fieldFindings(page: Page, audit: AxeAudit): Promise<Finding[]> {
  saveFindings('media', audit.findings);
  const inField = async (target: string) =>
    page
      .locator(target)
      .first()
      .evaluate((el) => Boolean(el.closest('.media-upload')))
      .catch(() => false);
  const mine: Finding[] = [];
  for (const f of audit.blocking()) {
    const targets = [];
    for (const t of f.targets) if (await inField(t)) targets.push(t);
    if (targets.length) mine.push({ ...f, targets });
  }
  return mine;
}

/** The last technique guide and its title, read as a member would. */
async function lastGuide(token: string): Promise<{ id: number; title: string }> {
  const first = await api('/user/page/category/4/pages', { token });
  const last = await api(`/user/page/category/4/pages?page=${first.json.meta.last_page}`, { token });
  const guide = last.json.data.at(-1);
  return { id: guide.id, title: guide.title };
}

/** Saves the page edit form and waits to be back on the page list. */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'SAVE' }).click();
  await page.waitForURL(/#\/admin\/page_management/);
}

/** The guide's <video> once its metadata is in: its readiness and duration, then where a seek to `to` lands. */
async function playAndSeek(page: Page, to: number) {
  const video = page.locator('.video-slot video');
  await video.waitFor();
  await page.waitForFunction(
    () => ((document.querySelector('.video-slot video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1,
    undefined,
    { timeout: 15_000 },
  );
  return video.evaluate(
    (el: HTMLVideoElement, target) =>
      new Promise<{ readyState: number; duration: number; currentTime: number; src: string; playsInline: boolean }>(
        (done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no seeked event (currentTime ${el.currentTime})`)), 10_000);
          el.addEventListener(
            'seeked',
            () => {
              clearTimeout(timer);
              done({
                readyState: el.readyState,
                duration: el.duration,
                currentTime: el.currentTime,
                src: el.currentSrc,
                playsInline: el.playsInline,
              });
            },
            { once: true },
          );
          el.currentTime = target;
        },
      ),
    to,
  );
}

describe('uploaded media, in Chromium', () => {
  memberTest(
    'an admin uploads a video to a technique guide; a member plays it and seeks in it; the admin removes it',
    { timeout: 150_000 },
    async ({ member }) => {
      const guide = await lastGuide(member.token);
      const admin = await newPage(b.browser, AXE_CONTEXT);
      const audit = new AxeAudit(admin.page);
      await signIn(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.page.goto(`/#/admin/page/${guide.id}/edit`);
      const field = admin.page.getByLabel('Video', { exact: true });
      await field.waitFor();

      // A picture named like a video is refused by its content, and the message shows under the field.
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86de' } })
        .png()
        .toBuffer();
      await field.setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: png });
      await admin.page.locator('.field__error', { hasText: MEDIA_MESSAGE.videoInvalid }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await audit.check('page edit: upload refused (1280)');
      const refusedFindings = await fieldFindings(admin.page, audit);
      await admin.screenshot('media-upload-refused-1280');

      await field.setInputFiles({ name: 'grip.webm', mimeType: 'video/webm', buffer: VIDEO });
      // Radix's toast also announces its text in a live region for a moment: either copy proves the notice.
      await admin.page.getByText('The video was uploaded.').first().waitFor();
      const preview = admin.page.locator('video[aria-label="Video: current file"]');
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/\/api\/media\/\d+\?expires=\d+&signature=[0-9a-f]{64}$/);
      expect(await admin.page.locator('.field__error', { hasText: MEDIA_MESSAGE.videoInvalid }).count()).toBe(0);
      await audit.check('page edit: video uploaded (1280)');
      await admin.screenshot('media-upload-preview-1280');
      await admin.page.setViewportSize({ width: 768, height: 1024 });
      await audit.check('page edit: video uploaded (768)');
      const uploadedFindings = await fieldFindings(admin.page, audit);
      await admin.screenshot('media-upload-preview-768');
      await admin.page.setViewportSize({ width: 1280, height: 800 });
      await save(admin.page);

      // The member's guide plays the upload from its signed address, and a seek to the fifth second lands.
      const reader = await newPage(b.browser, AXE_CONTEXT);
      const ranges: string[] = [];
      reader.page.on('request', (req) => {
        if (req.url().includes('/api/media/')) ranges.push(req.headers().range ?? 'none');
      });
      await signIn(reader.page, member.email, member.password);
      await reader.page.goto(`/#/warrior/technique-guides/${guide.id}`);
      await reader.page.getByRole('heading', { name: guide.title }).waitFor();
      const played = await playAndSeek(reader.page, 5);
      expect(played.readyState).toBeGreaterThanOrEqual(1);
      expect(played.duration).toBeCloseTo(6, 0);
      expect(played.currentTime).toBeCloseTo(5, 0);
      expect(played.playsInline).toBe(true);
      expect(played.src).toMatch(/\/api\/media\/\d+\?expires=\d+&signature=/);
      // Chromium loads media with range requests, which the server answers with 206.
      expect(ranges.some((r) => r.startsWith('bytes='))).toBe(true);
      const direct = await fetch(played.src, { headers: { range: 'bytes=0-3' } });
      expect(direct.status).toBe(206);
      expect(Buffer.from(await direct.arrayBuffer()).equals(VIDEO.subarray(0, 4))).toBe(true);
      await reader.screenshot('media-member-guide-video');
      const readerAudit = new AxeAudit(reader.page);
      await readerAudit.check('member guide with the uploaded video');
      expect(readerAudit.report).toBe('');

      // The admin removes the video; the member's guide has none again (this guide had no host link).
      await admin.page.goto(`/#/admin/page/${guide.id}/edit`);
      await admin.page.getByRole('button', { name: 'Remove video' }).click();
      expect(await admin.page.locator('video[aria-label="Video: current file"]').count()).toBe(0);
      await audit.check('page edit: video removed (1280)');
      const removedFindings = await fieldFindings(admin.page, audit);
      await save(admin.page);
      const after = await api(`/user/page/${guide.id}`, { token: member.token });
      expect(after.json).toMatchObject({ video_id: null, video_path: null });

      expect(describeFindings([...refusedFindings, ...uploadedFindings, ...removedFindings])).toBe('');
    },
  );
});
