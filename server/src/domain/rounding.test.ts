import { describe, expect, it } from 'vitest';
import { roundTo } from './rounding.ts';

describe('roundTo', () => {
  it('rounds halves up', () => {
    expect(roundTo(36.45, 1)).toBe(36.5);
    expect(roundTo(36.44, 1)).toBe(36.4);
    expect(roundTo(443.5, 0)).toBe(444);
    expect(roundTo(1.005, 2)).toBe(1.01); // 1.005 * 100 is 100.49999999999999 in floating point
  });
  it('clears binary noise before rounding down', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(roundTo(0.29 * 100, 0)).toBe(29);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });
});
