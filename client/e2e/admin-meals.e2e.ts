/**
 * Admin meals in Chromium: an admin adds a vegan meal with three ingredients and an image, and a member on a
 * superhuman plan finds it with its ingredients; the admin renames a Saturni Elixir phase from the sidebar's Elixirs
 * entry and the member sees the new name on that phase; a refused save shows the server's messages in a warning
 * toast; and axe-core finds no serious or critical violation on the admin meal screens at 1280 and 768 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEAL_MESSAGE, ingredientNameRequired } from '@evolution/shared';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { LAPTOP, TABLET, auditAtSizes, reportOf, saveFindings } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { adminToken, api, createMember, signedInPage, unique } from './helpers/members.ts';
import { pickImage, tableRows } from './helpers/screens.ts';

const b = useBrowser();

/** A warning toast with exactly this text. */
const warningToast = (page: Page, text: string) => page.locator('.toast--warning .toast__message', { hasText: text });

describe('admin meals, in Chromium', () => {
  it(
    'an admin adds a vegan meal with three ingredients and an image; a superhuman member finds it',
    { timeout: 120_000 },
    async () => {
      const name = `Smoky bean bowl ${unique()}`;
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);

      // Meal Management → Vegan → ADD: the group comes with the link.
      await page.goto('/#/admin/meal_management');
      await page.getByText('Choose a meal group to see its meals.').waitFor();
      await page.getByRole('navigation', { name: 'Meal groups' }).getByRole('link', { name: 'Vegan' }).click();
      await page.waitForURL(/#\/admin\/meal_management\?meal_group=6$/);
      await page.getByRole('link', { name: 'Add a meal to Vegan' }).click();
      await page.waitForURL(/#\/admin\/meal\/add\?meal_group=6$/);
      await page.getByLabel('Name', { exact: true }).waitFor();
      expect(await page.getByLabel('Meal group').inputValue()).toBe('6');

      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Description').fill('Warm the beans with the paprika.\n\n- Serve over the rice.');
      await pickImage(page, 'bowl.png', { width: 320, height: 240, colour: '#8e44ad' });

      // A blank second row is named in a notification before anything is sent.
      await page.getByLabel('Ingredient 1', { exact: true }).fill('Black beans, tinned (g)');
      await page.getByLabel('Quantity 1', { exact: true }).fill('120');
      await page.getByRole('button', { name: 'ADD INGREDIENT' }).click();
      await page.getByRole('button', { name: 'SAVE' }).click();
      await warningToast(page, ingredientNameRequired(2)).waitFor();
      expect(await page.getByText(ingredientNameRequired(2)).count()).toBeGreaterThanOrEqual(2);
      expect(page.url()).toMatch(/\/admin\/meal\/add/);

      await page.getByLabel('Ingredient 2', { exact: true }).fill('Brown rice, cooked (g)');
      await page.getByLabel('Quantity 2', { exact: true }).fill('150');
      await page.getByRole('button', { name: 'ADD INGREDIENT' }).click();
      await page.getByLabel('Ingredient 3', { exact: true }).fill('Smoked paprika (tsp)');
      await page.getByLabel('Quantity 3', { exact: true }).fill('0.5');
      await screenshot('admin-meals-add-form');
      await page.getByRole('button', { name: 'SAVE' }).click();

      // Back on Vegan, the meal is last in the table.
      await page.waitForURL(/#\/admin\/meal_management\?meal_group=6$/);
      await page.getByRole('cell', { name, exact: true }).waitFor();
      const listed = await tableRows(page, 'Meals of Vegan');
      expect(listed.at(-1)?.slice(1, 3)).toEqual([name, '3']);
      await screenshot('admin-meals-vegan-list');

      // The member on a superhuman plan finds it on the Vegan list and opens it.
      const member = await createMember({ setupDone: true, planId: 3, channelId: 2 });
      const memberPage = await signedInPage(b.browser, member);
      await memberPage.page.goto('/#/superhuman/meal/vegan/6');
      await memberPage.page.getByRole('link', { name }).click();
      await expect.poll(() => memberPage.page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
      await expect
        .poll(() => tableRows(memberPage.page, 'ingredients for'))
        .toEqual([
          ['Black beans, tinned (g)', '120.00'],
          ['Brown rice, cooked (g)', '150.00'],
          ['Smoked paprika (tsp)', '0.50'],
        ]);
      expect(await memberPage.page.locator('img.meal-photo').count()).toBe(1);
      await memberPage.screenshot('admin-meals-member-sees-meal');
    },
  );

  it(
    'an admin renames an elixir phase from the Elixirs link and the member sees it; a refused save warns for 10 s',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const phases = (await api('/admin/meal/group/1/meals', { token })).json.data as { id: number; name: string }[];
      const [one, two] = phases;
      const renamed = `Saturni Elixir: Sunrise ${unique()}`;
      const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN);

      // The sidebar's Elixirs entry opens group 1, the phases marked.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Elixirs' }).click();
      await page.waitForURL(/#\/admin\/meal_management\?meal_group=1$/);
      await page.getByRole('heading', { name: 'Elixirs', level: 2 }).waitFor();
      await page.getByRole('cell', { name: `${one!.name} Phase 1` }).waitFor();
      expect(await page.getByRole('button', { name: `Delete ${one!.name}` }).count()).toBe(0);
      await screenshot('admin-meals-elixirs');

      await page.getByRole('link', { name: `Edit ${one!.name}` }).click();
      await page.waitForURL(new RegExp(`#/admin/meal/${one!.id}/edit$`));
      await page.getByText('This meal is phase 1 of the Saturni Elixir').waitFor();
      await page.getByLabel('Name', { exact: true }).fill(renamed);
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.waitForURL(/#\/admin\/meal_management\?meal_group=1$/);
      await page.getByRole('cell', { name: `${renamed} Phase 1` }).waitFor();

      // A refused save: phase two may not leave Elixirs. The server's message comes as a 10 s warning.
      await page.getByRole('link', { name: `Edit ${two!.name}` }).click();
      await page.getByLabel('Name', { exact: true }).waitFor();
      await page.getByLabel('Meal group').selectOption({ label: 'Vegan' });
      await page.clock.install();
      await page.getByRole('button', { name: 'SAVE' }).click();
      const warning = warningToast(page, MEAL_MESSAGE.elixirPhaseStays);
      await warning.waitFor();
      expect(await page.locator('.field__error', { hasText: MEAL_MESSAGE.elixirPhaseStays }).count()).toBe(1);
      await screenshot('admin-meals-save-refused');
      await page.clock.fastForward(9_000);
      expect(await warning.isVisible()).toBe(true);
      await page.clock.fastForward(2_000);
      await warning.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(new RegExp(`/admin/meal/${two!.id}/edit$`));
      expect((await api(`/admin/meal/${two!.id}`, { token })).json.data.meal_group_id).toBe(1);

      // The member reads the new name on phase one.
      const member = await createMember({ setupDone: true, planId: 3, channelId: 2 });
      const memberPage = await signedInPage(b.browser, member);
      await memberPage.page.goto('/#/superhuman/meal/saturni-elixir/phase-one');
      await expect.poll(() => memberPage.page.getByRole('heading', { level: 1 }).textContent()).toBe(renamed);

      // Other browser files read the seeded elixir: its name goes back.
      const original = (await api(`/admin/meal/${one!.id}`, { token })).json.data;
      const restored = await api(`/admin/meal/${one!.id}`, {
        method: 'PUT',
        token,
        body: { ...original, name: one!.name },
      });
      expect(restored.status).toBe(200);
    },
  );

  it(
    'the admin meal screens have no serious or critical axe violations at 1280x800 and 768x1024',
    { timeout: 120_000 },
    async () => {
      const token = await adminToken();
      const vegan = (await api('/admin/meal/group/6/meals', { token })).json.data as { id: number; name: string }[];
      const audits = await auditAtSizes(
        b.browser,
        [LAPTOP, TABLET],
        E2E_ADMIN,
        async ({ page, screenshot, audit, viewport }) => {
          const size = `${viewport.width}`;

          await page.goto('/#/admin/meal_management?meal_group=6');
          await page.getByRole('cell', { name: vegan[0]!.name, exact: true }).waitFor();
          await audit.check(`${size}: /admin/meal_management?meal_group=6`);
          await screenshot(`admin-meals-list-${size}`);
          await page.getByRole('button', { name: `Delete ${vegan[0]!.name}` }).click();
          await page.getByRole('alertdialog', { name: 'Delete meal?' }).waitFor();
          await audit.check(`${size}: delete dialog`);
          await page.getByRole('button', { name: 'Cancel' }).click();

          await page.goto('/#/admin/meal_management?meal_group=1');
          await page.getByRole('heading', { name: 'Elixirs', level: 2 }).waitFor();
          await page.locator('.meal-admin__table tbody tr').first().waitFor();
          await audit.check(`${size}: /admin/meal_management?meal_group=1`);

          await page.goto(`/#/admin/meal/${vegan[0]!.id}/edit`);
          await page.getByLabel('Ingredient 1', { exact: true }).waitFor();
          await audit.check(`${size}: /admin/meal/{id}/edit`);
          await screenshot(`admin-meals-edit-${size}`);

          await page.goto('/#/admin/meal/add?meal_group=6');
          await page.getByLabel('Name', { exact: true }).waitFor();
          await page.getByRole('button', { name: 'SAVE' }).click();
          await page.getByText(MEAL_MESSAGE.nameRequired).first().waitFor();
          await audit.check(`${size}: /admin/meal/add with errors`);
          await screenshot(`admin-meals-add-errors-${size}`);
        },
      );
      saveFindings(
        'admin-meals',
        audits.flatMap((a) => a.findings),
      );
      expect(reportOf(audits)).toBe('');
    },
  );
});
