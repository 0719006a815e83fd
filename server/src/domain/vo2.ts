// Treadmill VO2 max test: 5 mph, gradient +2.5% at 3 min then every 2 min (docs/product.md §3, "VO2 max").
import { roundTo } from './rounding.ts';

/** An admin VO2 level; a null bound is an open end. Bounds are inclusive, in ml/kg/min. */
export interface Vo2Level {
  name: string;
  min: number | null;
  max: number | null;
}

/** Seed VO2 levels. "< 33" is stored as max 32.9 because scores are compared at one decimal. */
export const VO2_SEED_LEVELS: readonly Vo2Level[] = [
  { name: 'Very poor', min: null, max: 32.9 },
  { name: 'Poor', min: 33, max: 36.4 },
  { name: 'Fair', min: 36.5, max: 42.4 },
  { name: 'Good', min: 42.5, max: 46.4 },
  { name: 'Excellent', min: 46.5, max: 52.4 },
  { name: 'Superior', min: 52.5, max: null },
];

/** Treadmill gradient in % at `seconds` into the test: 0 before 180 s, then 2.5 more at 180 s and every 120 s after. */
export function gradeAt(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 180) return 0;
  return 2.5 * (1 + Math.floor((seconds - 180) / 120));
}

/**
 * Estimated VO2 max (ml/kg/min) = 1.444 * minutes + 14.99, minutes = seconds / 60, one decimal (halves up).
 * A skipped test (null or undefined), or a time that is negative or not finite, has no score: null.
 */
export function vo2Estimate(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  return roundTo(1.444 * (seconds / 60) + 14.99, 1);
}

/**
 * The level whose inclusive [min, max] holds the score, compared on the score rounded to one decimal
 * (36.45 → 36.5 → Fair with the seed levels; 36.44 → 36.4 → Poor), so no score falls between seed levels.
 * First matching level in list order wins; no score, or a score in a gap an admin left between levels → null.
 */
export function vo2Level<L extends Vo2Level>(score: number | null, levels: readonly L[]): L | null {
  if (score === null || !Number.isFinite(score)) return null;
  const s = roundTo(score, 1);
  return levels.find((l) => (l.min === null || s >= l.min) && (l.max === null || s <= l.max)) ?? null;
}
