/**
 * The Superhuman channel in Chromium, as a member on a superhuman plan uses it: ground zero, Aliment down to a vegan
 * meal, its ingredients scaled to the servings typed, the Saturni Elixir's phases, and the macro figures worked out
 * from the fact-find and the calibration's data analysis, on the macro data screen and the guidelines.
 */
import { describe, expect, it } from 'vitest';
import { SUPERHUMAN_MESSAGE } from '@evolution/shared/constants';
import { screenshotsWanted, useBrowser } from './helpers/browser.ts';
import { measuredSuperhuman } from './helpers/calibration.ts';
import { api, memberTest, signedInPage } from './helpers/members.ts';
import { tableRows } from './helpers/screens.ts';

const b = useBrowser();

describe('the Superhuman channel, in Chromium', () => {
  it(
    'a member walks Aliment to a vegan meal, scales it to 3 servings, reads the elixir and sees their macro figures',
    { timeout: 120_000 },
    async () => {
      const member = await measuredSuperhuman();
      const macros = await api('/user/evolution/macro_data', { token: member.token });
      expect(macros.status).toBe(200);
      // docs/product.md §4 for this member (worked to the digit in server/src/domain/macros.test.ts).
      expect(macros.json).toMatchObject({
        daily_caloric_intake: 2344,
        fat_intake: 65,
        protein_intake: 176,
        carbohydrate_intake: 264,
        energy_balance: 'deficit',
      });

      const { page } = await signedInPage(b.browser, member);

      // Ground zero → Aliment → Major meals → Vegan → the list's first meal.
      await page.goto('/#/superhuman/ground-zero');
      await page.getByRole('link', { name: /Aliment/ }).click();
      await page.waitForURL(/#\/superhuman\/meal-groups$/);
      await page.getByRole('link', { name: /Major meals/ }).click();
      await page.waitForURL(/parentId=2$/);
      await page.getByRole('link', { name: /^Vegan/ }).click();
      await page.waitForURL(/#\/superhuman\/meal\/vegan\/\d+$/);
      const groupId = Number(/\/vegan\/(\d+)$/.exec(page.url())![1]);
      const list = await api(`/user/meal/group/${groupId}/meals?page=1`, { token: member.token });
      expect(list.status).toBe(200);
      const first = list.json.data[0] as { id: number; name: string };
      await page.getByRole('link', { name: first.name }).click();
      await page.waitForURL(new RegExp(`/vegan/${groupId}/${first.id}$`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first.name);

      // Three servings: every amount is the formula times 3, to two decimals, and the nutrition follows.
      const meal = (await api(`/user/meal/${first.id}`, { token: member.token })).json.data as {
        ingredients_parsed: { ingredient: string; formula: number }[];
        nutrition: { kcal: number; protein: number };
      };
      await page.getByLabel('Servings').fill('3');
      await page.getByText('Nutrition for 3 servings').waitFor();
      const expected = meal.ingredients_parsed.map((row) => [
        row.ingredient,
        (Math.round(row.formula * 3 * 100 + 1e-9) / 100).toFixed(2),
      ]);
      await expect.poll(() => tableRows(page, 'ingredients for 3 servings')).toEqual(expected);
      const energy = page.locator('.meal-nutrition__item', { hasText: 'Energy' }).locator('dd');
      expect((await energy.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        `${Math.round(meal.nutrition.kcal * 3)} kcal`,
      );
      // The member's daily targets sit under it, the share worked out from the macro data.
      await page.getByRole('heading', { name: 'Share of your daily targets' }).waitFor();
      const share = await tableRows(page, 'against your daily targets');
      expect(share[0]).toEqual([
        `${Math.round(meal.nutrition.kcal * 3)} kcal`,
        '2344 kcal',
        `${Math.round((meal.nutrition.kcal * 3 * 100) / 2344)}%`,
      ]);

      // A refused number says so and leaves the amounts as they were.
      await page.getByLabel('Servings').fill('101');
      await page.getByText('Servings must be a whole number from 1 to 100').waitFor();
      expect(await tableRows(page, 'ingredients for 3 servings')).toEqual(expected);

      // The Saturni Elixir: Aliment → Elixirs → phase two, and Next goes to phase three.
      await page.goto('/#/superhuman/meal-groups');
      await page.getByRole('link', { name: /Elixirs/ }).click();
      await page.getByRole('link', { name: /Phase 2 of 4/ }).click();
      await page.waitForURL(/#\/superhuman\/meal\/saturni-elixir\/phase-two$/);
      const phaseTwo = (await api('/user/meal/elixir/2', { token: member.token })).json.data as { name: string };
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(phaseTwo.name);
      await page.getByRole('link', { name: /Next/ }).click();
      await page.waitForURL(/phase-three$/);

      // Macro data: the six figures as the API gives them.
      await page.goto('/#/with_menu/macro_data');
      const figure = (label: string) =>
        page.locator('.macro-figures__item', { hasText: label }).locator('.macro-figures__value');
      await figure('Daily caloric intake').waitFor();
      expect(await figure('Daily caloric intake').textContent()).toBe('2344');
      expect(await figure('Protein intake').textContent()).toBe('176');
      expect(await figure('Fat intake').textContent()).toBe('65');
      expect(await figure('Carbohydrate intake').textContent()).toBe('264');
      expect(await figure('Maximum lean body mass').textContent()).toBe(String(macros.json.max_lean_body_mass_kg));
      expect(await figure('Desired body mass').textContent()).toBe(String(macros.json.desired_body_mass));
      await page.getByText(/You are in a deficit/).waitFor();
      if (screenshotsWanted) await page.screenshot({ path: 'test-results/superhuman-macro-data.png', fullPage: true });

      // The guidelines carry the same figures.
      await page.goto('/#/superhuman/macro-guidelines');
      await figure('Daily caloric intake').waitFor();
      expect(await figure('Daily caloric intake').textContent()).toBe('2344');
    },
  );

  memberTest('a Warrior-only member is turned away from the channel and told why on macro data', async ({ member }) => {
    const { page } = await signedInPage(b.browser, member);
    await page.goto('/#/superhuman/meal-groups');
    await page.waitForURL((url) => !url.hash.startsWith('#/superhuman/meal-groups'));
    expect(page.url()).not.toContain('/superhuman/');
    await page.goto('/#/with_menu/macro_data');
    await page.getByRole('link', { name: 'See the Superhuman plans' }).waitFor();
    expect(await page.getByText(SUPERHUMAN_MESSAGE.notEligible).isVisible()).toBe(true);
  });
});
