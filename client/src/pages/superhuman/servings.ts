import { SERVINGS } from '@evolution/shared/constants';
import type { MacroDataDto, Nutrition } from '@evolution/shared';

// The recipe rules of the meal screen (docs/spec/member-and-public.md §9, docs/product.md §4): servings 1 to 100,
// amounts shown as formula x servings with two decimals, and this meal's nutrition against the member's daily targets.

/** Rounds half up to `decimals` places, first clearing binary noise (0.145 x 3 = 0.43499999999999994 → 0.44). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // 12 significant digits is far beyond any recipe amount and far above the ~1e-15 float noise.
  return Math.round(Number((value * factor).toPrecision(12))) / factor;
}

/** The servings a member typed: a whole number from 1 to 100, or null for anything else (blank, 0, 1.5, 101, 'two'). */
export function parseServings(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const servings = Number(text);
  return servings >= SERVINGS.min && servings <= SERVINGS.max ? servings : null;
}

/** An ingredient's amount for the servings: formula x servings, two decimals ('2.50'). */
export function scaleAmount(formula: number, servings: number): string {
  return roundTo(formula * servings, 2).toFixed(2);
}

/** A meal's nutrition for the servings: kcal whole, grams to one decimal (the per-serving figures' own precision). */
export function scaleNutrition(perServing: Nutrition, servings: number): Nutrition {
  return {
    kcal: roundTo(perServing.kcal * servings, 0),
    protein: roundTo(perServing.protein * servings, 1),
    fat: roundTo(perServing.fat * servings, 1),
    carbohydrate: roundTo(perServing.carbohydrate * servings, 1),
  };
}

/** The member's daily targets in the shape of a meal's nutrition. */
export function dailyTargets(macros: MacroDataDto): Nutrition {
  return {
    kcal: macros.daily_caloric_intake,
    protein: macros.protein_intake,
    fat: macros.fat_intake,
    carbohydrate: macros.carbohydrate_intake,
  };
}

/** How much of a daily target an amount is, as a whole percent; null when there is no target to measure against. */
export function shareOfTarget(amount: number, target: number): number | null {
  if (!Number.isFinite(target) || target <= 0) return null;
  return roundTo((amount / target) * 100, 0);
}

export const NUTRIENTS = [
  { key: 'kcal', label: 'Energy', unit: 'kcal' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'carbohydrate', label: 'Carbohydrate', unit: 'g' },
] as const satisfies readonly { key: keyof Nutrition; label: string; unit: string }[];

export interface NutrientShare {
  key: keyof Nutrition;
  label: string;
  unit: string;
  amount: number;
  target: number;
  /** Whole percent of the daily target; null without a target. */
  percent: number | null;
}

/** Each nutrient of a meal (already scaled to the servings) beside the member's daily target for it. */
export function nutrientShares(meal: Nutrition, targets: Nutrition): NutrientShare[] {
  return NUTRIENTS.map((n) => ({
    ...n,
    amount: meal[n.key],
    target: targets[n.key],
    percent: shareOfTarget(meal[n.key], targets[n.key]),
  }));
}

/** A figure as it is shown: at most two decimals, no trailing zeros (81.5, 2173). */
export const formatFigure = (n: number): string => String(roundTo(n, 2));
