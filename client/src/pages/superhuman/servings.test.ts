import { describe, expect, it } from 'vitest';
import type { MacroDataDto } from '@evolution/shared';
import {
  dailyTargets,
  formatFigure,
  nutrientShares,
  parseServings,
  roundTo,
  scaleAmount,
  scaleNutrition,
  shareOfTarget,
} from './servings.ts';

describe('the servings a member types (spec section 9: 1 to 100)', () => {
  it('takes whole numbers from 1 to 100, spaces around them ignored', () => {
    expect(['1', '2', '42', '100', ' 7 ', '007'].map(parseServings)).toEqual([1, 2, 42, 100, 7, 7]);
  });

  it('refuses anything else', () => {
    const refused = ['', ' ', '0', '101', '1000', '-1', '1.5', '2.0', '1e2', 'two', '+3', '0x10', '3 4'];
    expect(refused.map(parseServings)).toEqual(refused.map(() => null));
  });
});

describe('an ingredient amount for the servings (formula x servings, two decimals)', () => {
  it('scales and always shows two decimals', () => {
    expect(scaleAmount(50, 1)).toBe('50.00');
    expect(scaleAmount(0.1, 3)).toBe('0.30');
    expect(scaleAmount(2.5, 4)).toBe('10.00');
    expect(scaleAmount(0.333, 3)).toBe('1.00');
    expect(scaleAmount(12.34, 100)).toBe('1234.00');
  });

  it('rounds half up to the cent, not down with the float error of the product', () => {
    // 0.145 x 3 is 0.43499999999999994 in binary; toFixed(2) alone would show 0.43.
    expect(scaleAmount(0.145, 3)).toBe('0.44');
    expect(scaleAmount(1.005, 1)).toBe('1.01');
    expect(scaleAmount(1.15, 3)).toBe('3.45');
    expect(scaleAmount(0.125, 1)).toBe('0.13');
  });

  it('rounds like the server (half up after clearing float noise)', () => {
    expect([roundTo(28.999999999999996, 0), roundTo(0.285 * 100, 0), roundTo(2.675, 2)]).toEqual([29, 29, 2.68]);
  });
});

describe("a meal's nutrition for the servings", () => {
  const perServing = { kcal: 412.5, protein: 31.4, fat: 12.3, carbohydrate: 45.1 };

  it('is the per-serving figures times the servings: kcal whole, grams to one decimal', () => {
    expect(scaleNutrition(perServing, 1)).toEqual({ kcal: 413, protein: 31.4, fat: 12.3, carbohydrate: 45.1 });
    expect(scaleNutrition(perServing, 3)).toEqual({ kcal: 1238, protein: 94.2, fat: 36.9, carbohydrate: 135.3 });
    expect(scaleNutrition(perServing, 100)).toEqual({ kcal: 41250, protein: 3140, fat: 1230, carbohydrate: 4510 });
  });
});

describe("a meal's share of the member's daily targets", () => {
  // The worked member of server/test/superhuman.test.ts: Titan, 80 kg at 20 % body fat.
  const macros: MacroDataDto = {
    daily_caloric_intake: 2173,
    fat_intake: 60,
    protein_intake: 160,
    carbohydrate_intake: 248,
    max_lean_body_mass_kg: 81.51,
    max_lean_body_mass_lbs: 179.69,
    desired_body_mass: 71.51,
    desired_body_fat: 10.5,
    desired_aesthetic: 'Titan',
    body_fat: 20,
    weight: 80,
    energy_balance: 'deficit',
  };

  it('reads the daily targets from the macro data', () => {
    expect(dailyTargets(macros)).toEqual({ kcal: 2173, protein: 160, fat: 60, carbohydrate: 248 });
  });

  it('is a whole percent of the target, and none without a target', () => {
    expect(shareOfTarget(543, 2173)).toBe(25); // 24.99
    expect(shareOfTarget(40, 160)).toBe(25);
    expect(shareOfTarget(0.5, 160)).toBe(0);
    expect(shareOfTarget(300, 248)).toBe(121);
    expect(shareOfTarget(10, 0)).toBeNull();
    expect(shareOfTarget(10, Number.NaN)).toBeNull();
  });

  it('lists every nutrient with its amount, target and share', () => {
    const shares = nutrientShares(
      scaleNutrition({ kcal: 412.5, protein: 31.4, fat: 12.3, carbohydrate: 45.1 }, 2),
      dailyTargets(macros),
    );
    expect(shares).toEqual([
      { key: 'kcal', label: 'Energy', unit: 'kcal', amount: 825, target: 2173, percent: 38 },
      { key: 'protein', label: 'Protein', unit: 'g', amount: 62.8, target: 160, percent: 39 },
      { key: 'fat', label: 'Fat', unit: 'g', amount: 24.6, target: 60, percent: 41 },
      { key: 'carbohydrate', label: 'Carbohydrate', unit: 'g', amount: 90.2, target: 248, percent: 36 },
    ]);
  });

  it('shows figures with at most two decimals and no trailing zeros', () => {
    expect([formatFigure(81.51), formatFigure(2173), formatFigure(10.5), formatFigure(71.505)]).toEqual([
      '81.51',
      '2173',
      '10.5',
      '71.51',
    ]);
  });
});
