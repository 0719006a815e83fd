import { FIELD_MESSAGE } from '@evolution/shared';

// The VO2 max levels must tile the scale: scores are compared at one decimal (vo2Level), so each level must start
// exactly 0.1 above the one below it ends, the lowest has no min ("Very poor < 33") and the highest no max
// ("Superior >= 52.5"). Then every score has exactly one level.

/** A level as the tiling rule sees it; a null bound is an open end. */
export interface Vo2Band {
  id: number;
  name: string;
  min: number | null;
  max: number | null;
}

/** What to change on one level; `moveNeighbours` moves the adjoining bounds of the levels below and above with it. */
export interface Vo2RangeEdit {
  min: number | null;
  max: number | null;
  moveNeighbours: boolean;
}

/** A refused edit: the field to show it under and why. */
export interface Vo2TilingError {
  field: 'min' | 'max';
  message: string;
}

// Bounds are compared in whole tenths: 36.4 + 0.1 is 36.5 exactly, with no float noise.
const tenths = (v: number) => Math.round(v * 10);
const fromTenths = (t: number) => t / 10;
const show = (v: number) => String(fromTenths(tenths(v)));

/** A level's range in words: "up to 32.9", "33 to 36.4", "52.5 and above". */
export function describeBand(b: Pick<Vo2Band, 'min' | 'max'>): string {
  if (b.min === null && b.max === null) return 'every score';
  if (b.min === null) return `up to ${show(b.max!)}`;
  if (b.max === null) return `${show(b.min)} and above`;
  return `${show(b.min)} to ${show(b.max)}`;
}

/** The scores from `a` to `b` tenths that no level would hold: "the score 33" or "scores 35.1 to 36.4". */
const unheld = (a: number, b: number) =>
  a === b ? `the score ${fromTenths(a)}` : `scores ${fromTenths(a)} to ${fromTenths(b)}`;

/** The levels from the lowest range to the highest: an open min first, then by min, then by id. */
export function bandsInOrder<B extends Vo2Band>(bands: readonly B[]): B[] {
  const key = (b: Vo2Band) => (b.min === null ? -Infinity : tenths(b.min));
  return [...bands].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/**
 * Applies an edit of one level's range and checks the result tiles the scale with its neighbours (the levels just
 * below and above it in range order). Returns the new ranges of every changed level, or the first problem found.
 */
export function applyVo2Edit<B extends Vo2Band>(
  bands: readonly B[],
  id: number,
  edit: Vo2RangeEdit,
):
  | { ok: true; changed: { id: number; min: number | null; max: number | null }[] }
  | { ok: false; error: Vo2TilingError } {
  const order = bandsInOrder(bands);
  const at = order.findIndex((b) => b.id === id);
  if (at < 0) throw new Error(`No VO2 level ${id}`);
  const fail = (field: 'min' | 'max', message: string) => ({ ok: false as const, error: { field, message } });
  const below = order[at - 1];
  const above = order[at + 1];
  const { min, max } = edit;

  // Open ends belong to the lowest and highest levels only.
  if (below && min === null) return fail('min', FIELD_MESSAGE.enter('min'));
  if (above && max === null) return fail('max', FIELD_MESSAGE.enter('max'));
  if (!below && min !== null)
    return fail(
      'min',
      `${order[at]!.name} is the lowest level: its min stays open (leave it empty), so every low score has a level.`,
    );
  if (!above && max !== null)
    return fail(
      'max',
      `${order[at]!.name} is the highest level: its max stays open (leave it empty), so every high score has a level.`,
    );
  if (min !== null && max !== null && tenths(min) > tenths(max))
    return fail('min', 'The min must not be greater than the max.');

  const changed: { id: number; min: number | null; max: number | null }[] = [{ id, min, max }];
  if (below && min !== null) {
    const wanted = tenths(min) - 1;
    if (edit.moveNeighbours) {
      if (below.min !== null && wanted < tenths(below.min)) {
        return fail(
          'min',
          `The min ${show(min)} would swallow ${below.name} (${describeBand(below)}): it must stay above ${show(below.min)}.`,
        );
      }
      if (wanted !== tenths(below.max!)) changed.push({ id: below.id, min: below.min, max: fromTenths(wanted) });
    } else if (tenths(min) <= tenths(below.max!)) {
      return fail(
        'min',
        `The min ${show(min)} overlaps ${below.name} (${describeBand(below)}): it must be ${fromTenths(tenths(below.max!) + 1)}, or move ${below.name} with it.`,
      );
    } else if (wanted > tenths(below.max!)) {
      return fail(
        'min',
        `The min ${show(min)} leaves a gap after ${below.name} (${describeBand(below)}): ${unheld(tenths(below.max!) + 1, wanted)} would have no level. It must be ${fromTenths(tenths(below.max!) + 1)}, or move ${below.name} with it.`,
      );
    }
  }
  if (above && max !== null) {
    const wanted = tenths(max) + 1;
    if (edit.moveNeighbours) {
      if (above.max !== null && wanted > tenths(above.max)) {
        return fail(
          'max',
          `The max ${show(max)} would swallow ${above.name} (${describeBand(above)}): it must stay below ${show(above.max)}.`,
        );
      }
      if (wanted !== tenths(above.min!)) changed.push({ id: above.id, min: fromTenths(wanted), max: above.max });
    } else if (tenths(max) >= tenths(above.min!)) {
      return fail(
        'max',
        `The max ${show(max)} overlaps ${above.name} (${describeBand(above)}): it must be ${fromTenths(tenths(above.min!) - 1)}, or move ${above.name} with it.`,
      );
    } else if (wanted < tenths(above.min!)) {
      return fail(
        'max',
        `The max ${show(max)} leaves a gap before ${above.name} (${describeBand(above)}): ${unheld(wanted, tenths(above.min!) - 1)} would have no level. It must be ${fromTenths(tenths(above.min!) - 1)}, or move ${above.name} with it.`,
      );
    }
  }
  return { ok: true, changed };
}
