// Muscle scores 0-10 for the evolution chamber (docs/product.md §3, "Muscle scores").
import { roundTo } from './rounding.ts';

/** Where a member stands on one form group's ladder, and the muscle groups that form group trains. */
export interface FormGroupStanding {
  muscleGroups: readonly string[];
  /** 0-based index of the member's current form in the ordered ladder. */
  currentIndex: number;
  ladderLength: number;
}

/** One form group's share of a muscle score: 10 * (currentIndex + 1) / ladderLength, unrounded; empty ladder → null. */
export function formGroupScore(currentIndex: number, ladderLength: number): number | null {
  const n = Math.floor(ladderLength);
  if (!(n >= 1)) return null;
  const index = Number.isFinite(currentIndex) ? Math.min(Math.max(Math.floor(currentIndex), 0), n - 1) : 0;
  return (10 * (index + 1)) / n;
}

/**
 * Muscle name → score: the mean over the form groups training that muscle of their form group score,
 * rounded once, at the end, to one decimal. A muscle group no form group trains is absent from the map
 * (not 0: there is nothing to measure, and 0 would read as "weakest"); form groups with an empty ladder
 * are left out. Keys follow first appearance.
 */
export function muscleScores(standings: readonly FormGroupStanding[]): Record<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const standing of standings) {
    const score = formGroupScore(standing.currentIndex, standing.ladderLength);
    if (score === null) continue;
    for (const muscle of new Set(standing.muscleGroups)) {
      const entry = sums.get(muscle) ?? { total: 0, count: 0 };
      sums.set(muscle, { total: entry.total + score, count: entry.count + 1 });
    }
  }
  return Object.fromEntries([...sums].map(([muscle, { total, count }]) => [muscle, roundTo(total / count, 1)]));
}
