/**
 * A member's record and its accountability in the browser: an admin opens each of the nine tabs of a member who has
 * calibrated and sees the real record (the chamber with its photos and muscle chart, the macros...), the audit log
 * lists the admin's reads of the member's health data (filtered by member, the filter surviving a reload), and the
 * member's Your Data screen shows who read what. axe audits every screen at 1280x800 and 768x1024.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, TABLET } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { measuredSuperhuman } from './helpers/calibration.ts';
import { settled, shows } from './helpers/screens.ts';
import { api, signedInPage, userIdOf, type TestMember } from './helpers/members.ts';

const b = useBrowser();

/** The nine tabs by route name, as their links read. */
const TABS = [
  ['contact_information', 'Contact Information'],
  ['channel_subscription', 'Channel Subscription'],
  ['application_details', 'Application Details'],
  ['fact_find_details', 'Fact Find Details'],
  ['evolution_chamber', 'Evolution Chamber'],
  ['calibration_test_results', 'Calibration Test Results'],
  ['workout_results', 'Workout Results'],
  ['form_levels', 'Form Levels'],
  ['marco_data', 'Macro Data'],
] as const;

/** The text of each cell of the main table's body, row by row. */
const tableRows = (page: Page) =>
  page
    .locator('main table tbody tr, #main table tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent?.trim() ?? '')));

/** Opens a tab of the record through its link and waits for its heading and data. */
async function openTab(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Member record' }).getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
  await settled(page);
}

/** Sends the member's active general phase through the REST API. */
async function generalPhase(member: TestMember, phase: string, body: unknown): Promise<void> {
  const res = await api(`/user/channel/warrior/general/phase/${phase}`, { method: 'POST', token: member.token, body });
  if (res.status !== 200) throw new Error(`general ${phase} answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/**
 * A member who calibrated (VO2 15:00, the max tests, 80 kg at 12 % with three photos), then ran version 1's treadmill
 * test and its first exercise phase (10 reps of everything), and whose id we know.
 */
async function calibratedMember(): Promise<TestMember & { id: number }> {
  const member = await measuredSuperhuman();
  await generalPhase(member, 'vo2', { time_to_complete: 960 });
  const phase = (await api('/user/channel/warrior/general/phase', { token: member.token })).json as {
    type: string;
    rounds: { exercise_ids: number[] }[];
  };
  expect(phase.type).toBe('exercises');
  await generalPhase(
    member,
    'exercises',
    phase.rounds.flatMap((r) => r.exercise_ids.map((id) => ({ form_id: id, amount: 10, time_to_complete: 30 }))),
  );
  return { ...member, id: await userIdOf(member) };
}

describe("admin: a member's record and who read it", () => {
  it(
    "an admin reads each of the nine tabs; the audit log and the member's Your Data screen list the reads",
    { timeout: 180_000 },
    async () => {
      const member = await calibratedMember();
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
      const audit = new AxeAudit(page);
      // Each tab is audited and pictured under its route name.
      const checkTab = async (key: string) => {
        await audit.check(key);
        await screenshot(`admin-members-${key}-1280`);
      };

      // /admin/user/{id} opens the record on its first tab.
      await page.goto(`/#/admin/user/${member.id}`);
      await page.waitForURL(new RegExp(`#/admin/user/${member.id}/contact_information$`));
      await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
      await settled(page);
      await shows(page, '1 Test Street');
      await shows(page, 'LS1 1AA');
      await checkTab('contact_information');

      await openTab(page, 'Channel Subscription');
      await shows(page, 'Superhuman');
      await checkTab('channel_subscription');

      // The seven answers: all No for this member.
      await openTab(page, 'Application Details');
      await expect.poll(() => page.locator('.parq-answers__item').allTextContents()).toHaveLength(7);
      expect(await page.locator('.parq-answers__item .badge').allTextContents()).toEqual([
        'No',
        'No',
        'No',
        'No',
        'No',
        'No',
        'No',
      ]);
      await checkTab('application_details');

      await openTab(page, 'Fact Find Details');
      await shows(page, 'Warrior');
      await shows(page, '7 %');
      await checkTab('fact_find_details');

      // The chamber: v1.0, VO2 36.7 Fair, the body metrics, the three photos and the muscle chart.
      await openTab(page, 'Evolution Chamber');
      await shows(page, 'v1.0');
      await shows(page, '36.7');
      await shows(page, 'Fair');
      await expect
        .poll(() =>
          page
            .locator('.photo-strip img')
            .evaluateAll((imgs) =>
              imgs.map(
                (i) =>
                  (i as HTMLImageElement).naturalWidth > 0 && (i as HTMLImageElement).src.startsWith('data:image/jpeg'),
              ),
            ),
        )
        .toEqual([true, true, true]);
      await page.locator('.chart--muscle svg rect').first().waitFor({ timeout: 15_000 });
      await checkTab('evolution_chamber');

      await openTab(page, 'Calibration Test Results');
      await expect.poll(async () => (await tableRows(page)).length).toBe(8);
      await checkTab('calibration_test_results');

      // Version 1's first exercise phase (phase 2): every set at 10 reps, the steppers on version 1, phase 2.
      await openTab(page, 'Workout Results');
      await page.getByRole('group', { name: 'Version' }).waitFor();
      await expect.poll(() => page.getByRole('group', { name: 'Phase' }).textContent()).toContain('2');
      const sets = await tableRows(page);
      expect(sets.length).toBeGreaterThan(0);
      expect(new Set(sets.map((r) => r[1]))).toEqual(new Set(['10']));
      await checkTab('workout_results');

      await openTab(page, 'Form Levels');
      await expect.poll(async () => (await tableRows(page)).length).toBeGreaterThan(0);
      await checkTab('form_levels');

      // docs/product.md §4 for this member (worked to the digit in server/src/domain/macros.test.ts).
      await openTab(page, 'Macro Data');
      await shows(page, 'Daily caloric intake');
      await expect
        .poll(() =>
          page
            .locator('.macro-figures__item', { hasText: 'Daily caloric intake' })
            .locator('.macro-figures__value')
            .textContent(),
        )
        .toBe('2344');
      await checkTab('marco_data');

      // The audit log, from the record's own link: the four reads of health data, newest first, by this admin.
      await page.getByRole('link', { name: 'Who read this record' }).click();
      await page.waitForURL(new RegExp(`#/admin/audit_log\\?member_id=${member.id}$`));
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      await settled(page);
      const expected = [
        'Macro data',
        'Evolution chamber with progress photos',
        'Fact-find details',
        'Application details (PAR-Q)',
      ];
      await expect
        .poll(async () => (await tableRows(page)).map((r) => [r[1], r[3]]))
        .toEqual(expected.map((what) => ['Administrator', what]));
      expect((await tableRows(page))[0]![2]).toContain(member.name);
      // The filter lives in the query string: a reload keeps it.
      await page.reload();
      await settled(page);
      await expect.poll(() => page.getByLabel('Member ID').inputValue()).toBe(String(member.id));
      await expect.poll(async () => (await tableRows(page)).length).toBe(4);
      await audit.check('audit_log filtered');
      await screenshot('admin-members-audit_log-1280');
      // Filtering by admin as well, through the select.
      const admins = page.getByRole('combobox', { name: 'Admin', exact: true });
      await admins.selectOption({ label: 'Administrator' });
      await page.waitForURL(/admin_id=\d+/);
      await expect.poll(async () => (await tableRows(page)).length).toBe(4);
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(/#\/admin\/audit_log$/);
      await expect.poll(async () => (await tableRows(page)).length).toBeGreaterThanOrEqual(4);

      expect(audit.report).toBe('');

      // The member sees who read their health data, and when.
      const { page: own, screenshot: ownShot } = await signedInPage(b.browser, member, AXE_CONTEXT);
      const memberAudit = new AxeAudit(own);
      await own.goto('/#/with_menu/your_data');
      await own.getByRole('heading', { name: 'Who has read your health data' }).waitFor();
      await settled(own);
      await expect
        .poll(async () => (await tableRows(own)).map((r) => [r[1], r[2]]))
        .toEqual(expected.map((what) => ['Administrator', what]));
      await memberAudit.check('/with_menu/your_data');
      await ownShot('admin-members-your_data-1280');
      expect(memberAudit.report).toBe('');
    },
  );

  it(
    'every screen of the record, the audit log and Your Data have no serious or critical violations at 768x1024',
    { timeout: 150_000 },
    async () => {
      const member = await calibratedMember();
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, { ...AXE_CONTEXT, viewport: TABLET });
      const audit = new AxeAudit(page);
      for (const [key, title] of TABS) {
        await page.goto(`/#/admin/user/${member.id}/${key}`);
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor({ timeout: 15_000 });
        await settled(page);
        if (key === 'evolution_chamber')
          await page.locator('.chart--muscle svg rect').first().waitFor({ timeout: 15_000 });
        await audit.check(`${key} at 768`);
        await screenshot(`admin-members-${key}-768`);
      }
      await page.goto(`/#/admin/audit_log?member_id=${member.id}`);
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      await settled(page);
      await audit.check('audit_log at 768');
      await screenshot('admin-members-audit_log-768');
      // An id that is no member's: the record says so.
      await page.goto('/#/admin/user/999999/contact_information');
      await shows(page, 'Member not found.');
      await audit.check('unknown member at 768');
      expect(audit.report).toBe('');

      const { page: own, screenshot: ownShot } = await signedInPage(b.browser, member, {
        ...AXE_CONTEXT,
        viewport: TABLET,
      });
      const memberAudit = new AxeAudit(own);
      await own.goto('/#/with_menu/your_data');
      await own.getByRole('heading', { name: 'Who has read your health data' }).waitFor();
      await settled(own);
      await expect.poll(async () => (await tableRows(own)).length).toBe(4);
      await memberAudit.check('/with_menu/your_data at 768');
      await ownShot('admin-members-your_data-768');
      expect(memberAudit.report).toBe('');
    },
  );
});
