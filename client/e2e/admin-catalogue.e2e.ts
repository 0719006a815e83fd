/**
 * Calibrations, VO2 max levels and channels in the browser: an admin raises the push-up test's max, moves the Fair
 * VO2 level (first refused for the gap it would leave, then with its neighbours moved) and changes a plan's price;
 * a member calibrated before sees their chamber's VO2 level in the new range, a member calibrating after is placed
 * with the new max, and a visitor sees the new price on /signup. Every admin screen of the area is audited with axe
 * at 1280x800 and 768x1024.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, TABLET } from './helpers/axe.ts';
import { newPage, useBrowser } from './helpers/browser.ts';
import { rowNamed as row, shows, visitSettled as visit } from './helpers/screens.ts';
import { calibratedMember, calibrationPhase, MAX_TESTS } from './helpers/calibration.ts';
import { adminToken, api, createMember, signedInPage } from './helpers/members.ts';

const b = useBrowser();

// The seeded calibration, levels and plans are shared with the other browser files: they get their values back.
afterAll(async () => {
  const token = await adminToken();
  await api('/admin/calibration/1', {
    method: 'PUT',
    token,
    body: {
      form: 'Push-up max test',
      max: 50,
      reps_or_time: 1,
      total_weight: 0,
      exercise_type_id: 1,
      form_group_id: 1,
    },
  });
  await api('/admin/vo2max/3', {
    method: 'PATCH',
    token,
    body: { level_name: 'Fair', min: 36.5, max: 42.4, move_neighbours: true },
  });
  await api('/admin/channel/1', {
    method: 'PUT',
    token,
    body: {
      name: 'Warrior',
      plans: [
        { id: 1, amount: 29.99, active: true },
        { id: 2, amount: 299, active: true },
      ],
    },
  });
});

const cell = (page: Page, name: string, label: string) => row(page, name).locator(`td[data-label="${label}"]`);

describe('admin: calibrations, VO2 max levels and channels', () => {
  it(
    'an admin edits a calibration, a VO2 level and a plan price; members and visitors see the changes',
    { timeout: 180_000 },
    async () => {
      // Calibrated before the edits: 15 minutes on the treadmill is 36.7 ml/kg/min, Fair in the seeded levels.
      const before = await calibratedMember(15);
      expect((await api('/user/evolution/chamber/1', { token: before.token })).json.data.vo2max).toEqual({
        score: 36.7,
        level: 'Fair',
      });

      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
      const audit = new AxeAudit(page);

      // Calibrations: the list, then the push-up test's max from 50 to 100 (a cleared max is refused first).
      await visit(page, '/admin/calibration_management', 'Calibration Management');
      await row(page, 'Push-up max test').waitFor();
      await audit.check('calibration list');
      await screenshot('admin-catalogue-calibrations-1280');
      await row(page, 'Push-up max test').getByRole('link', { name: 'Edit Push-up max test' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Calibration' }).waitFor();
      await expect.poll(() => page.getByLabel('Form group').inputValue()).toBe('1');
      expect(await page.getByLabel('Muscle group').locator('option').first().textContent()).toBe('None');
      await audit.check('calibration edit');
      await page.getByLabel('Max', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await shows(page, 'Enter the max.');
      await audit.check('calibration edit with errors');
      await screenshot('admin-catalogue-calibration-edit-errors-1280');
      await page.getByLabel('Max', { exact: true }).fill('100');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'Calibration Management' }).waitFor();
      await expect.poll(() => cell(page, 'Push-up max test', 'Max').textContent()).toBe('100');

      // VO2 max levels, reached from the calibration list.
      await page.getByRole('link', { name: 'VO2 max levels' }).click();
      await page.getByRole('heading', { level: 1, name: 'VO2 Max Management' }).waitFor();
      await row(page, 'Fair').waitFor();
      await audit.check('VO2 level list');
      await row(page, 'Fair').getByRole('link', { name: 'Edit Fair' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit VO2 Max Level' }).waitFor();
      await shows(page, 'Below: Poor (33 to 36.4).');
      await audit.check('VO2 level edit');
      // Alone, a min of 37 would leave 36.5 to 36.9 without a level: refused under Min, naming Poor.
      await page.getByLabel("Move the neighbouring levels' bounds with this range").uncheck();
      await page.getByLabel('Min (ml/kg/min)').fill('37');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.locator('.field--invalid .field__error').allTextContents())
        .toEqual([
          'The min 37 leaves a gap after Poor (33 to 36.4): scores 36.5 to 36.9 would have no level. It must be 36.5, or move Poor with it.',
        ]);
      await audit.check('VO2 level edit with a server error');
      await screenshot('admin-catalogue-vo2-edit-gap-1280');
      await page.getByLabel("Move the neighbouring levels' bounds with this range").check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'VO2 Max Management' }).waitFor();
      await expect.poll(() => cell(page, 'Poor', 'Range').textContent()).toBe('33 to 36.9');
      await expect.poll(() => cell(page, 'Fair', 'Range').textContent()).toBe('37 to 42.4');
      await screenshot('admin-catalogue-vo2-list-1280');

      // Channels: Warrior monthly from £29.99 to £34.50.
      await visit(page, '/admin/channel_management', 'Channel Management');
      await row(page, 'Warrior').waitFor();
      await audit.check('channel list');
      await row(page, 'Warrior').getByRole('link', { name: 'Edit Warrior' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Channel' }).waitFor();
      await page.getByLabel('Price of Warrior monthly (£)').waitFor();
      await audit.check('channel edit');
      await page.getByLabel('Price of Warrior monthly (£)').fill('0.5');
      await page.getByRole('button', { name: 'Save' }).click();
      await shows(page, 'The amount must be between 1 and 10000.');
      await audit.check('channel edit with errors');
      await page.getByLabel('Price of Warrior monthly (£)').fill('34.50');
      await screenshot('admin-catalogue-channel-edit-1280');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'Channel Management' }).waitFor();
      await expect.poll(() => cell(page, 'Warrior', 'Plans').textContent()).toContain('£34.50');
      await screenshot('admin-catalogue-channels-1280');
      expect(audit.report).toBe('');

      // The member calibrated before: their chamber now shows 36.7 as Poor (33 to 36.9).
      const member = await signedInPage(b.browser, before);
      await member.page.goto('/#/evolution');
      await expect
        .poll(() => member.page.locator('.chamber__level').first().textContent(), { timeout: 15_000 })
        .toBe('Poor');
      await member.screenshot('admin-catalogue-member-chamber-poor');
      expect((await api('/user/evolution/chamber/1', { token: before.token })).json.data.vo2max).toEqual({
        score: 36.7,
        level: 'Poor',
      });

      // A member calibrating now: 12 push-ups of a max of 100 start on the first rung (of 50 they started on the second).
      const after = await createMember({ setupDone: true });
      await calibrationPhase(after, 'vo2', { time_to_complete: 900 });
      await calibrationPhase(after, 'exercise', MAX_TESTS);
      const results = await api('/user/evolution/calibration', { token: after.token });
      expect(results.json.data[0]).toMatchObject({ form: 'Push-up max test', amount: 12, placed_form: 'Wall push-up' });
      expect((await api('/user/evolution/calibration', { token: before.token })).json.data[0]).toMatchObject({
        placed_form: 'Incline push-up',
      });

      // A visitor sees the new price on /signup.
      const visitor = await newPage(b.browser);
      await visitor.page.goto('/#/signup');
      const monthly = visitor.page.locator('.plan-card').filter({ hasText: 'Warrior monthly' });
      await expect.poll(() => monthly.locator('.plan-card__amount').textContent(), { timeout: 15_000 }).toBe('£34.50');
      await visitor.screenshot('admin-catalogue-signup-new-price');
    },
  );

  it(
    'every admin screen of the area has no serious or critical violations at 768x1024',
    { timeout: 120_000 },
    async () => {
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, { ...AXE_CONTEXT, viewport: TABLET });
      const audit = new AxeAudit(page);
      const screens: [string, string][] = [
        ['/admin/calibration_management', 'Calibration Management'],
        ['/admin/calibration/1/edit', 'Edit Calibration'],
        ['/admin/vo2_max_management', 'VO2 Max Management'],
        ['/admin/vo2_max/3/edit', 'Edit VO2 Max Level'],
        ['/admin/channel_management', 'Channel Management'],
        ['/admin/channel/1/edit', 'Edit Channel'],
      ];
      for (const [path, heading] of screens) {
        await visit(page, path, heading);
        await audit.check(`${path} at 768`);
        await screenshot(`admin-catalogue-${path.replace(/\//g, '-')}-768`);
      }
      expect(audit.report).toBe('');
    },
  );
});
