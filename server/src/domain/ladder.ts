// Ladders: a form group's forms ordered from easiest to hardest, placement from a calibration max test,
// and double progression after training (docs/product.md §3, "Ladders").

/** The fields of a form that the ladder rules read. */
export interface LadderForm {
  id: number;
  level: number;
  progress: number;
  /** Lower end of the rep (or seconds) range. */
  min: number;
  /** Upper end of the rep (or seconds) range; also the par shown in results. */
  max: number;
}

/** Which way a member moved on the ladder; 'stay' whenever the index did not change. */
type LadderMove = 'up' | 'down' | 'stay';

/** Where the member stands on the ladder after a rule was applied. */
export interface LadderStep {
  index: number;
  move: LadderMove;
}

/** Orders a form group's forms by (level, progress), ties by id; returns a new array. */
export function orderLadder<T extends Pick<LadderForm, 'id' | 'level' | 'progress'>>(forms: readonly T[]): T[] {
  return [...forms].sort((a, b) => a.level - b.level || a.progress - b.progress || a.id - b.id);
}

/**
 * Starting form index from a calibration: clamp(floor(amount / calibrationMax * n), 0, n - 1).
 * Computed as floor(amount * n / calibrationMax) so that whole numbers give the exact quotient
 * (29 / 100 * 100 is 28.999999999999996 in floating point; 29 * 100 / 100 is 29).
 * Edges: non-finite or negative amount → 0; calibrationMax 0, negative or non-finite → 0;
 * an empty ladder (n < 1) → 0, which the caller must not read as a form.
 */
export function calibrationStartIndex(amount: number, calibrationMax: number, ladderLength: number): number {
  const n = Math.floor(ladderLength);
  if (!(n >= 1) || !Number.isFinite(amount) || !Number.isFinite(calibrationMax) || calibrationMax <= 0) return 0;
  return clamp(Math.floor((amount * n) / calibrationMax), 0, n - 1);
}

/**
 * Double progression from the sets logged on the current form: every set reaches `max` → up one form
 * (never past the last); otherwise the best set below `min` → down one (never below the first); otherwise stay.
 * No sets (or none with a finite amount; such sets are ignored) → stay. A top or bottom that blocks the move
 * reports 'stay'. currentIndex is first clamped into the ladder.
 */
export function doubleProgression(
  amounts: readonly number[],
  form: Pick<LadderForm, 'min' | 'max'>,
  currentIndex: number,
  ladderLength: number,
): LadderStep {
  const last = Math.max(0, Math.floor(ladderLength) - 1);
  const index = clamp(Math.floor(currentIndex), 0, last);
  const sets = amounts.filter((a) => Number.isFinite(a));
  if (sets.length === 0) return { index, move: 'stay' };
  if (sets.every((a) => a >= form.max)) return step(index, Math.min(index + 1, last), 'up');
  if (Math.max(...sets) < form.min) return step(index, Math.max(index - 1, 0), 'down');
  return { index, move: 'stay' };
}

/** Par shown in the workout results for a form: its `max`. */
export function par(form: Pick<LadderForm, 'max'>): number {
  return form.max;
}

function step(from: number, to: number, move: LadderMove): LadderStep {
  return { index: to, move: to === from ? 'stay' : move };
}

function clamp(value: number, low: number, high: number): number {
  if (Number.isNaN(value)) return low;
  return Math.min(Math.max(value, low), high);
}
