import { describe, expect, it } from 'vitest';
import { calibrationStartIndex, doubleProgression, orderLadder, par } from './ladder.ts';

const form = (id: number, level: number, progress: number) => ({ id, level, progress, min: 8, max: 12 });

describe('orderLadder', () => {
  it('orders by level, then progress, then id, without touching the input', () => {
    const forms = [form(5, 2, 1), form(1, 1, 2), form(4, 1, 1), form(2, 2, 1), form(3, 1, 1)];
    expect(orderLadder(forms).map((f) => f.id)).toEqual([3, 4, 1, 2, 5]);
    expect(forms.map((f) => f.id)).toEqual([5, 1, 4, 2, 3]);
  });
  it('handles an empty ladder and a ladder of one', () => {
    expect(orderLadder([])).toEqual([]);
    expect(orderLadder([form(9, 3, 3)]).map((f) => f.id)).toEqual([9]);
  });
});

describe('calibrationStartIndex', () => {
  it('is floor(amount / max * n)', () => {
    expect(calibrationStartIndex(10, 30, 6)).toBe(2); // 10 / 30 * 6 = 2
    expect(calibrationStartIndex(9, 30, 6)).toBe(1); // 1.8
    expect(calibrationStartIndex(14, 30, 6)).toBe(2); // 2.8
    expect(calibrationStartIndex(15, 30, 6)).toBe(3); // 3
  });
  it('is exact where amount / max * n would lose a digit', () => {
    expect((29 / 100) * 100).toBe(28.999999999999996);
    expect(calibrationStartIndex(29, 100, 100)).toBe(29);
  });
  it('places amount 0 on the first form', () => {
    expect(calibrationStartIndex(0, 30, 6)).toBe(0);
  });
  it('places amount at or above max on the last form', () => {
    expect(calibrationStartIndex(30, 30, 6)).toBe(5);
    expect(calibrationStartIndex(29, 30, 6)).toBe(5); // 5.8
    expect(calibrationStartIndex(500, 30, 6)).toBe(5);
  });
  it('always places on the only form of a ladder of one', () => {
    expect(calibrationStartIndex(0, 30, 1)).toBe(0);
    expect(calibrationStartIndex(30, 30, 1)).toBe(0);
    expect(calibrationStartIndex(99, 30, 1)).toBe(0);
  });
  it('gives 0 for a calibration max of 0, negative or not finite', () => {
    expect(calibrationStartIndex(10, 0, 6)).toBe(0);
    expect(calibrationStartIndex(10, -5, 6)).toBe(0);
    expect(calibrationStartIndex(10, Number.NaN, 6)).toBe(0);
    expect(calibrationStartIndex(10, Infinity, 6)).toBe(0);
  });
  it('gives 0 for an amount that is negative or not finite', () => {
    expect(calibrationStartIndex(-3, 30, 6)).toBe(0);
    expect(calibrationStartIndex(Number.NaN, 30, 6)).toBe(0);
    expect(calibrationStartIndex(Infinity, 30, 6)).toBe(0);
    expect(calibrationStartIndex(-Infinity, 30, 6)).toBe(0);
  });
  it('gives 0 for an empty ladder', () => {
    expect(calibrationStartIndex(10, 30, 0)).toBe(0);
  });
});

describe('doubleProgression', () => {
  const range = { min: 8, max: 12 };
  it('moves up one when every set reaches max', () => {
    expect(doubleProgression([12, 12, 12], range, 2, 6)).toEqual({ index: 3, move: 'up' });
    expect(doubleProgression([15, 12, 13], range, 0, 6)).toEqual({ index: 1, move: 'up' });
  });
  it('stays when one set falls short of max', () => {
    expect(doubleProgression([12, 12, 11], range, 2, 6)).toEqual({ index: 2, move: 'stay' });
  });
  it('never moves past the last form', () => {
    expect(doubleProgression([12, 12, 12], range, 5, 6)).toEqual({ index: 5, move: 'stay' });
    expect(doubleProgression([20], range, 0, 1)).toEqual({ index: 0, move: 'stay' });
  });
  it('moves down one when the best set is below min', () => {
    expect(doubleProgression([7, 5, 6], range, 2, 6)).toEqual({ index: 1, move: 'down' });
    expect(doubleProgression([0], range, 1, 6)).toEqual({ index: 0, move: 'down' });
  });
  it('stays when the best set reaches exactly min', () => {
    expect(doubleProgression([8, 5, 3], range, 2, 6)).toEqual({ index: 2, move: 'stay' });
  });
  it('never moves below the first form', () => {
    expect(doubleProgression([1, 2], range, 0, 6)).toEqual({ index: 0, move: 'stay' });
  });
  it('stays with no sets, or no set with a finite amount', () => {
    expect(doubleProgression([], range, 3, 6)).toEqual({ index: 3, move: 'stay' });
    expect(doubleProgression([Number.NaN], range, 3, 6)).toEqual({ index: 3, move: 'stay' });
  });
  it('ignores sets without a finite amount', () => {
    expect(doubleProgression([12, Number.NaN, 12], range, 3, 6)).toEqual({ index: 4, move: 'up' });
    expect(doubleProgression([Number.NaN, 2], range, 3, 6)).toEqual({ index: 2, move: 'down' });
  });
  it('clamps a current index outside the ladder first', () => {
    expect(doubleProgression([10], range, 9, 6)).toEqual({ index: 5, move: 'stay' });
    expect(doubleProgression([10], range, -1, 6)).toEqual({ index: 0, move: 'stay' });
  });
  it('works on seconds for time forms the same way', () => {
    expect(doubleProgression([60, 61], { min: 30, max: 60 }, 1, 6)).toEqual({ index: 2, move: 'up' });
  });
});

describe('par', () => {
  it("is the form's max", () => {
    expect(par({ max: 12 })).toBe(12);
    expect(par(form(1, 1, 1))).toBe(12);
  });
});
