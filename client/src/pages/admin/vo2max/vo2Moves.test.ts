import { describe, expect, it } from 'vitest';
import type { Vo2LevelRow } from '@evolution/shared';
import { describeMoves, neighbourMoves } from './vo2Moves.ts';

// The seeded scale (docs/product.md §3), in no particular order.
const level = (id: number, level_name: string, min: number | null, max: number | null): Vo2LevelRow => ({
  id,
  level_name,
  level: id,
  min,
  max,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const SCALE = [
  level(3, 'Fair', 36.5, 42.4),
  level(1, 'Very poor', null, 32.9),
  level(6, 'Superior', 52.5, null),
  level(2, 'Poor', 33, 36.4),
  level(5, 'Excellent', 46.5, 52.4),
  level(4, 'Good', 42.5, 46.4),
];
const fair = SCALE[0]!;
const moves = (of: Vo2LevelRow, min: string, max: string) => neighbourMoves(of, SCALE, { min, max });

describe('what a VO2 save moves besides the level', () => {
  it('names the neighbour whose shared bound follows, and its new range', () => {
    expect(moves(fair, '37', '42.4')).toEqual([{ name: 'Poor', min: 33, max: 36.9 }]);
    expect(moves(fair, '36.5', '44')).toEqual([{ name: 'Good', min: 44.1, max: 46.4 }]);
    expect(describeMoves(moves(fair, '36', '43'))).toBe(
      'Saving also moves Poor to 33 to 35.9 and Good to 43.1 to 46.4.',
    );
  });

  it('moves nobody while the bounds meet the neighbours as they are', () => {
    expect(moves(fair, '36.5', '42.4')).toEqual([]);
    expect(describeMoves([])).toBe('No other level moves.');
  });

  it('the open ends: the lowest and highest levels move only their one neighbour', () => {
    expect(moves(SCALE[1]!, '', '30')).toEqual([{ name: 'Poor', min: 30.1, max: 36.4 }]);
    expect(moves(SCALE[2]!, '50', '')).toEqual([{ name: 'Excellent', min: 46.5, max: 49.9 }]);
    expect(describeMoves(moves(SCALE[2]!, '50', ''))).toBe('Saving also moves Excellent to 46.5 to 49.9.');
  });

  it('shows no move for a bound not yet a number, or an edit the server refuses (it says why on save)', () => {
    expect(moves(fair, '', '42.4')).toEqual([]);
    expect(moves(fair, 'abc', '43')).toEqual([{ name: 'Good', min: 43.1, max: 46.4 }]);
    // Swallowing Poor (it starts at 33), or a min above the max.
    expect(moves(fair, '32', '42.4')).toEqual([]);
    expect(moves(fair, '43', '40')).toEqual([]);
  });
});
