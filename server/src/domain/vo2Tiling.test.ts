import { describe, expect, it } from 'vitest';
import { VO2_SEED_LEVELS, vo2Level } from './vo2.ts';
import { applyVo2Edit, bandsInOrder, describeBand, type Vo2Band } from './vo2Tiling.ts';

// The seed levels with ids 1..6 (Very poor .. Superior), listed out of order to show the rule sorts by range.
const seed: Vo2Band[] = VO2_SEED_LEVELS.map((l, i) => ({ id: i + 1, ...l })).reverse();
const edit = (id: number, min: number | null, max: number | null, moveNeighbours = false) =>
  applyVo2Edit(seed, id, { min, max, moveNeighbours });
const POOR = 2;
const FAIR = 3;

describe('describeBand', () => {
  it('words open and closed ranges', () => {
    expect(describeBand({ min: null, max: 32.9 })).toBe('up to 32.9');
    expect(describeBand({ min: 33, max: 36.4 })).toBe('33 to 36.4');
    expect(describeBand({ min: 52.5, max: null })).toBe('52.5 and above');
    expect(describeBand({ min: null, max: null })).toBe('every score');
  });
});

describe('bandsInOrder', () => {
  it('puts the open min first, then by min', () =>
    expect(bandsInOrder(seed).map((b) => b.name)).toEqual([
      'Very poor',
      'Poor',
      'Fair',
      'Good',
      'Excellent',
      'Superior',
    ]));
});

describe('applyVo2Edit without moving neighbours', () => {
  it('accepts the range it already has, and a name-only change', () => {
    expect(edit(POOR, 33, 36.4)).toEqual({ ok: true, changed: [{ id: POOR, min: 33, max: 36.4 }] });
    expect(edit(1, null, 32.9).ok).toBe(true);
    expect(edit(6, 52.5, null).ok).toBe(true);
  });

  it('refuses a min that overlaps the level below by a tenth, naming it and the bound that fits', () =>
    expect(edit(POOR, 32.9, 36.4)).toEqual({
      ok: false,
      error: {
        field: 'min',
        message: 'The min 32.9 overlaps Very poor (up to 32.9): it must be 33, or move Very poor with it.',
      },
    }));

  it('refuses a min that leaves a gap of one tenth, saying which scores would have no level', () =>
    expect(edit(POOR, 33.1, 36.4)).toEqual({
      ok: false,
      error: {
        field: 'min',
        message:
          'The min 33.1 leaves a gap after Very poor (up to 32.9): the score 33 would have no level. It must be 33, or move Very poor with it.',
      },
    }));

  it('refuses a max that overlaps the level above, and one that leaves a gap before it', () => {
    expect(edit(POOR, 33, 36.5)).toEqual({
      ok: false,
      error: {
        field: 'max',
        message: 'The max 36.5 overlaps Fair (36.5 to 42.4): it must be 36.4, or move Fair with it.',
      },
    });
    expect(edit(POOR, 33, 35)).toEqual({
      ok: false,
      error: {
        field: 'max',
        message:
          'The max 35 leaves a gap before Fair (36.5 to 42.4): scores 35.1 to 36.4 would have no level. It must be 36.4, or move Fair with it.',
      },
    });
  });

  it('refuses min above max, and open ends anywhere but the lowest min and the highest max', () => {
    expect(edit(POOR, 36.5, 36.4)).toEqual({
      ok: false,
      error: { field: 'min', message: 'The min must not be greater than the max.' },
    });
    expect(edit(POOR, 36.4, 36.4)).toMatchObject({ ok: false, error: { field: 'min' } }); // one value, but overlapping nothing is not the issue: it leaves a gap
    expect(edit(POOR, null, 36.4)).toEqual({
      ok: false,
      error: { field: 'min', message: 'Enter the min.' },
    });
    expect(edit(POOR, 33, null)).toEqual({ ok: false, error: { field: 'max', message: 'Enter the max.' } });
    expect(edit(1, 0, 32.9)).toMatchObject({
      ok: false,
      error: { field: 'min', message: expect.stringContaining('Very poor is the lowest level') },
    });
    expect(edit(6, 52.5, 90)).toMatchObject({
      ok: false,
      error: { field: 'max', message: expect.stringContaining('Superior is the highest level') },
    });
  });

  it('compares in tenths, free of float noise (0.1 + 0.2 style sums)', () => {
    const bands: Vo2Band[] = [
      { id: 1, name: 'Low', min: null, max: 0.2 },
      { id: 2, name: 'High', min: 0.1 + 0.2, max: null },
    ];
    expect(applyVo2Edit(bands, 2, { min: 0.1 + 0.2, max: null, moveNeighbours: false }).ok).toBe(true);
  });
});

describe('applyVo2Edit moving the neighbours', () => {
  it('moves the adjoining bounds of the levels below and above, so the scale still tiles', () => {
    const res = edit(FAIR, 36, 43, true);
    expect(res).toEqual({
      ok: true,
      changed: [
        { id: FAIR, min: 36, max: 43 },
        { id: POOR, min: 33, max: 35.9 },
        { id: 4, min: 43.1, max: 46.4 },
      ],
    });
    // Every score from 0 to 80 then has exactly one level.
    const levels = seed.map((b) => ({ ...b, ...(res.ok ? res.changed.find((c) => c.id === b.id) : {}) }));
    for (let t = 0; t <= 800; t++) expect(levels.filter((l) => vo2Level(t / 10, [l]))).toHaveLength(1);
    expect(vo2Level(35.9, levels)?.name).toBe('Poor');
    expect(vo2Level(36, levels)?.name).toBe('Fair');
    expect(vo2Level(43, levels)?.name).toBe('Fair');
    expect(vo2Level(43.1, levels)?.name).toBe('Good');
  });

  it('leaves a neighbour alone when its bound already fits', () =>
    expect(edit(FAIR, 36.5, 40, true)).toEqual({
      ok: true,
      changed: [
        { id: FAIR, min: 36.5, max: 40 },
        { id: 4, min: 40.1, max: 46.4 },
      ],
    }));

  it('may shrink a neighbour to a single value, never to nothing', () => {
    expect(edit(FAIR, 33.1, 42.4, true)).toEqual({
      ok: true,
      changed: [
        { id: FAIR, min: 33.1, max: 42.4 },
        { id: POOR, min: 33, max: 33 },
      ],
    });
    expect(edit(FAIR, 33, 42.4, true)).toEqual({
      ok: false,
      error: { field: 'min', message: 'The min 33 would swallow Poor (33 to 36.4): it must stay above 33.' },
    });
    expect(edit(FAIR, 36.5, 46.4, true)).toEqual({
      ok: false,
      error: { field: 'max', message: 'The max 46.4 would swallow Good (42.5 to 46.4): it must stay below 46.4.' },
    });
    expect(edit(FAIR, 36.5, 46.3, true)).toEqual({
      ok: true,
      changed: [
        { id: FAIR, min: 36.5, max: 46.3 },
        { id: 4, min: 46.4, max: 46.4 },
      ],
    });
  });

  it('moves an open-ended neighbour: Superior keeps no max, Very poor no min', () => {
    expect(edit(5, 46.5, 55, true)).toEqual({
      ok: true,
      changed: [
        { id: 5, min: 46.5, max: 55 },
        { id: 6, min: 55.1, max: null },
      ],
    });
    expect(edit(POOR, 30, 36.4, true)).toEqual({
      ok: true,
      changed: [
        { id: POOR, min: 30, max: 36.4 },
        { id: 1, min: null, max: 29.9 },
      ],
    });
  });
});
