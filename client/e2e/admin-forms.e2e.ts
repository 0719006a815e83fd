/**
 * Form groups and forms (the exercise ladders) in the browser: an admin builds a ladder (with a demonstration video),
 * sees the form's rules refused under the fields, deletes a form and the group; edits a seeded form's range and the
 * member standing on it sees the new target in the phase runner and in their form levels. Every admin screen of the
 * area is audited with axe at 1280x800 and 768x1024.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit, TABLET } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { rowNamed as row, shows, visitSettled as visit } from './helpers/screens.ts';
import { calibratedMember } from './helpers/calibration.ts';
import { adminToken, api, signedInPage, unique } from './helpers/members.ts';

const b = useBrowser();
const VIDEO = resolve(import.meta.dirname, 'fixtures/coach-demo.mp4');

/** Incline push-up: where a max test of 12 push-ups (of 50) places a member on the 8-form Push ladder. */
const INCLINE_PUSH_UP = {
  id: 12,
  name: 'Incline push-up',
  muscle_group_id: 1,
  level: 1,
  progress: 2,
  min: 10,
  max: 15,
  reps_or_time: 1,
} as const;

// The seeded form is shared with the other browser files: it gets its range back whatever happens here.
afterAll(async () => {
  const { id, ...body } = INCLINE_PUSH_UP;
  const restored = await api(`/admin/form/${id}`, {
    method: 'PUT',
    token: await adminToken(),
    body: { ...body, form_group_id: 1 },
  });
  if (restored.status !== 200)
    throw new Error(
      `Incline push-up could not get its range back: ${restored.status} ${JSON.stringify(restored.json)}`,
    );
});

describe('admin: form groups and forms', () => {
  it(
    'an admin builds a ladder, sees the rules under the fields, and deletes a form and the group',
    { timeout: 120_000 },
    async () => {
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
      const audit = new AxeAudit(page);

      // The list: seeded ladders are used by calibrations, so none offers DELETE.
      await visit(page, '/admin/form_group_management', 'Form Management');
      await row(page, 'Push').waitFor();
      expect(await row(page, 'Push').getByRole('button', { name: 'Delete Push' }).count()).toBe(0);
      await audit.check('form group list');
      await page.getByLabel('Search form groups by name').fill('pu');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/form_group_management\?search=pu$/);
      await expect
        .poll(() => page.locator('tbody tr td[data-label="Name"]').allTextContents())
        .toEqual(['Push', 'Pull']);

      // A new group: the required fields first, then a name, a type and an uploaded video.
      await page.getByRole('link', { name: 'Create form group' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Form Group' }).waitFor();
      await audit.check('create form group');
      await page.getByRole('button', { name: 'Create form group' }).click();
      await shows(page, 'Enter the name.');
      await shows(page, 'Choose an exercise type.');
      await audit.check('create form group with errors');
      const name = `E2E ladder ${unique()}`;
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Exercise type').selectOption({ label: 'Strength' });
      await page.getByLabel('Demonstration video').setInputFiles(VIDEO);
      await shows(page, 'The video was uploaded.');
      await page.locator('video.media-upload__video').waitFor();
      await page.getByRole('button', { name: 'Create form group' }).click();

      // A new group has no forms: the admin lands on its ladder.
      await page.getByRole('heading', { level: 1, name: `Forms of ${name}` }).waitFor();
      await shows(page, 'This group has no forms yet.');
      await audit.check('ladder (empty)');
      await screenshot('admin-forms-ladder-empty-1280');

      // A form whose max is below its min is refused under Max, before anything is sent.
      await page.getByRole('link', { name: 'Create form' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Form' }).waitFor();
      await audit.check('create form');
      const fillForm = async (values: { name: string; level: string; progress: string; min: string; max: string }) => {
        await page.getByLabel('Name', { exact: true }).fill(values.name);
        await page.getByLabel('Muscle group').selectOption({ label: 'Back' });
        await page.getByLabel('Level', { exact: true }).fill(values.level);
        await page.getByLabel('Progress', { exact: true }).fill(values.progress);
        await page.getByLabel('Min', { exact: true }).fill(values.min);
        await page.getByLabel('Max', { exact: true }).fill(values.max);
      };
      await fillForm({ name: 'Knee row', level: '1', progress: '1', min: '12', max: '8' });
      await page.getByRole('button', { name: 'Create form' }).click();
      await shows(page, 'The max must be greater than or equal to the min.');
      await audit.check('create form with errors');
      await screenshot('admin-forms-create-form-errors-1280');
      await page.getByLabel('Max', { exact: true }).fill('15');
      await page.getByRole('button', { name: 'Create form' }).click();
      await row(page, 'Knee row').waitFor();
      await page.getByRole('link', { name: 'Create form' }).click();
      await fillForm({ name: 'Ring row', level: '2', progress: '1', min: '6', max: '10' });
      await page.getByRole('button', { name: 'Create form' }).click();
      await row(page, 'Ring row').waitFor();

      // The server's rule: a (level, progress) pair is taken once per ladder; its 422 shows under Progress.
      await page.getByRole('link', { name: 'Create form' }).click();
      await fillForm({ name: 'Archer row', level: '2', progress: '1', min: '3', max: '6' });
      await page.getByRole('button', { name: 'Create form' }).click();
      await expect
        .poll(() => page.locator('.field--invalid .field__error').allTextContents())
        .toEqual(['Another form of this group already has level 2, progress 1.']);
      await audit.check('create form with a server error');
      await page.getByRole('link', { name: 'Cancel' }).click();

      // The ladder, ordered, and a form deleted after confirming.
      await row(page, 'Ring row').waitFor();
      await expect
        .poll(() => page.locator('tbody tr td[data-label="Name"]').allTextContents())
        .toEqual(['Knee row', 'Ring row']);
      expect(await row(page, 'Knee row').locator('td[data-label="Range"]').textContent()).toBe('12–15 reps');
      await audit.check('ladder');
      await page.getByRole('button', { name: 'Delete Knee row' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete form?' });
      await dialog.waitFor();
      await audit.check('delete form dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await shows(page, 'Knee row deleted.');
      await expect.poll(() => page.locator('tbody tr td[data-label="Name"]').allTextContents()).toEqual(['Ring row']);

      // The group keeps its video; then, unused, it can be deleted from the list.
      await page.getByRole('link', { name: 'Edit group' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Form Group' }).waitFor();
      await page.locator('video.media-upload__video').waitFor();
      expect(await page.locator('video.media-upload__video').getAttribute('src')).toMatch(
        /\/api\/media\/\d+\?expires=\d+&signature=/,
      );
      await audit.check('edit form group');
      await screenshot('admin-forms-edit-group-1280');
      await visit(page, `/admin/form_group_management?search=${encodeURIComponent(name)}`, 'Form Management');
      await row(page, name).waitFor();
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('alertdialog', { name: 'Delete form group?' }).waitFor();
      await audit.check('delete form group dialog');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await shows(page, `Form group ${name} deleted.`);
      await shows(page, 'No form groups found.');
      expect(
        (await api(`/admin/form_group?search=${encodeURIComponent(name)}`, { token: await adminToken() })).json.meta
          .total,
      ).toBe(0);

      expect({ screens: audit.screens, violations: audit.report }).toEqual({
        screens: [
          'form group list',
          'create form group',
          'create form group with errors',
          'ladder (empty)',
          'create form',
          'create form with errors',
          'create form with a server error',
          'ladder',
          'delete form dialog',
          'edit form group',
          'delete form group dialog',
        ],
        violations: '',
      });
    },
  );

  it("an admin changes a form's min and max; the member on it sees the new target", { timeout: 120_000 }, async () => {
    // A calibrated member: 12 push-ups of 50 place them on the second Push form, Incline push-up.
    const member = await calibratedMember(12);
    const skipped = await api('/user/channel/warrior/general/phase/vo2', {
      method: 'POST',
      token: member.token,
      body: { skip: true },
    });
    expect(skipped.status).toBe(200);
    const before = await api('/user/evolution/forms', { token: member.token });
    expect(before.json.data.find((r: { form_group_id: number }) => r.form_group_id === 1)).toMatchObject({
      form_id: 12,
      min: 10,
      max: 15,
    });

    const admin = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
    const audit = new AxeAudit(admin.page);
    await visit(admin.page, '/admin/form_group/1/form_management', 'Forms of Push');
    await expect
      .poll(() => row(admin.page, 'Incline push-up').locator('td[data-label="Members"]').textContent())
      .not.toBe('0');
    await admin.page.getByRole('link', { name: 'Edit Incline push-up' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Edit Form' }).waitFor();
    await expect.poll(() => admin.page.getByLabel('Max', { exact: true }).inputValue()).toBe('15');
    await shows(admin.page, /\d+ members? stands? on this form/);
    await audit.check('edit form');
    await admin.screenshot('admin-forms-edit-form-1280');
    await admin.page.getByLabel('Min', { exact: true }).fill('11');
    await admin.page.getByLabel('Max', { exact: true }).fill('19');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Forms of Push' }).waitFor();
    await shows(admin.page, 'Form Incline push-up saved.');
    await expect
      .poll(() => row(admin.page, 'Incline push-up').locator('td[data-label="Range"]').textContent())
      .toBe('11–19 reps');
    await admin.screenshot('admin-forms-ladder-push-1280');

    // The member: the runner's target for the push exercise, and their form levels.
    const { page, screenshot } = await signedInPage(b.browser, member);
    await page.goto('/#/user/warrior/general?version=1');
    await page.locator('a.step-list__item--active').click();
    await page.waitForURL(/#\/user\/warrior\/general\/phase$/);
    await shows(page, 'Incline push-up');
    await shows(page, '11–19 reps');
    await screenshot('admin-forms-member-runner');
    const after = await api('/user/evolution/forms', { token: member.token });
    expect(after.json.data.find((r: { form_group_id: number }) => r.form_group_id === 1)).toMatchObject({
      form_id: 12,
      name: 'Incline push-up',
      min: 11,
      max: 19,
    });

    expect({ screens: audit.screens, violations: audit.report }).toEqual({ screens: ['edit form'], violations: '' });
  });

  it(
    'every screen of the area has no serious or critical axe violations at 768x1024',
    { timeout: 120_000 },
    async () => {
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, { ...AXE_CONTEXT, viewport: TABLET });
      const audit = new AxeAudit(page);
      await visit(page, '/admin/form_group_management', 'Form Management');
      await row(page, 'Push').waitFor();
      await audit.check('form group list');
      await screenshot('admin-forms-list-768');
      await page.getByRole('button', { name: 'Search' }).waitFor();
      await visit(page, '/admin/form_group/create', 'Create Form Group');
      await page.getByRole('button', { name: 'Create form group' }).click();
      await shows(page, 'Enter the name.');
      await audit.check('create form group with errors');
      await visit(page, '/admin/form_group/1/edit', 'Edit Form Group');
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Push');
      await audit.check('edit form group');
      await visit(page, '/admin/form_group/1/form_management', 'Forms of Push');
      await row(page, 'Wall push-up').waitFor();
      await audit.check('ladder');
      await screenshot('admin-forms-ladder-768');
      await page.getByRole('button', { name: 'Delete Wall push-up' }).click();
      await page.getByRole('alertdialog', { name: 'Delete form?' }).waitFor();
      await audit.check('delete form dialog');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await visit(page, '/admin/form_group/1/form/create', 'Create Form');
      await page.getByRole('button', { name: 'Create form' }).click();
      await shows(page, 'Enter the name.');
      await audit.check('create form with errors');
      await screenshot('admin-forms-create-form-768');
      await visit(page, '/admin/form/12/edit', 'Edit Form');
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Incline push-up');
      await audit.check('edit form');
      await screenshot('admin-forms-edit-form-768');

      expect({ screens: audit.screens, violations: audit.report }).toEqual({
        screens: [
          'form group list',
          'create form group with errors',
          'edit form group',
          'ladder',
          'delete form dialog',
          'create form with errors',
          'edit form',
        ],
        violations: '',
      });
    },
  );
});
