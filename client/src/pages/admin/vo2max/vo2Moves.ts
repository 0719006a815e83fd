import type { Vo2LevelRow } from '@evolution/shared';
import { describeRange } from '../calibrations/catalogue.ts';

/** The levels just below and above this one in range order (an open min first, then by min, then by id). */
export function neighbours(level: Pick<Vo2LevelRow, 'id'>, levels: readonly Vo2LevelRow[]) {
  const order = [...levels].sort((a, b) => (a.min ?? -Infinity) - (b.min ?? -Infinity) || a.id - b.id);
  const at = order.findIndex((l) => l.id === level.id);
  return { below: at > 0 ? order[at - 1] : undefined, above: at >= 0 ? order[at + 1] : undefined };
}

/** A neighbour the save would move, with its range after the save. */
export interface Vo2Move {
  name: string;
  min: number | null;
  max: number | null;
}

// Bounds are compared in whole tenths, as the server does (server/src/domain/vo2Tiling.ts).
const tenths = (v: number) => Math.round(v * 10);
const bound = (text: string): number | null => {
  const trimmed = text.trim();
  const n = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/**
 * The neighbours a save with "move the neighbouring levels" would move, and where to: the level below ends 0.1 under
 * the new min, the level above starts 0.1 over the new max. A bound not (yet) a number, or an edit the server would
 * refuse (swallowing a neighbour, min above max), moves nobody: the server's message says why on save.
 */
export function neighbourMoves(
  level: Vo2LevelRow,
  levels: readonly Vo2LevelRow[],
  values: { min: string; max: string },
): Vo2Move[] {
  const { below, above } = neighbours(level, levels);
  const min = level.min === null ? null : bound(values.min);
  const max = level.max === null ? null : bound(values.max);
  if (min !== null && max !== null && tenths(min) > tenths(max)) return [];
  const moves: Vo2Move[] = [];
  if (below && below.max !== null && min !== null) {
    const end = tenths(min) - 1;
    const swallowed = below.min !== null && end < tenths(below.min);
    if (!swallowed && end !== tenths(below.max)) moves.push({ name: below.level_name, min: below.min, max: end / 10 });
  }
  if (above && above.min !== null && max !== null) {
    const start = tenths(max) + 1;
    const swallowed = above.max !== null && start > tenths(above.max);
    if (!swallowed && start !== tenths(above.min))
      moves.push({ name: above.level_name, min: start / 10, max: above.max });
  }
  return moves;
}

/** The preview line under the switch: "Saving also moves Poor to 33 to 36.9." or that no other level moves. */
export function describeMoves(moves: readonly Vo2Move[]): string {
  if (moves.length === 0) return 'No other level moves.';
  const parts = moves.map((m) => `${m.name} to ${describeRange(m.min, m.max)}`);
  return `Saving also moves ${parts.join(' and ')}.`;
}
