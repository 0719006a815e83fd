import { describe, expect, it } from 'vitest';
import { gradeAt, VO2_SEED_LEVELS, vo2Estimate, vo2Level } from './vo2.ts';

describe('gradeAt', () => {
  it('is 0% for the first 3 minutes', () => {
    expect(gradeAt(0)).toBe(0);
    expect(gradeAt(179)).toBe(0);
    expect(gradeAt(179.99)).toBe(0);
  });
  it('adds 2.5% at 3 minutes and every 2 minutes after', () => {
    expect(gradeAt(180)).toBe(2.5);
    expect(gradeAt(299)).toBe(2.5);
    expect(gradeAt(300)).toBe(5);
    expect(gradeAt(419)).toBe(5);
    expect(gradeAt(420)).toBe(7.5);
    expect(gradeAt(540)).toBe(10);
    expect(gradeAt(1020)).toBe(20); // 17 min
  });
  it('is 0 for a negative or non-finite time', () => {
    expect(gradeAt(-10)).toBe(0);
    expect(gradeAt(Number.NaN)).toBe(0);
  });
});

describe('vo2Estimate', () => {
  it('is 1.444 * minutes + 14.99, one decimal', () => {
    expect(vo2Estimate(0)).toBe(15); // 14.99
    expect(vo2Estimate(60)).toBe(16.4); // 16.434
    expect(vo2Estimate(600)).toBe(29.4); // 14.44 + 14.99 = 29.43
    expect(vo2Estimate(754)).toBe(33.1); // 12.5667 min: 18.1462 + 14.99 = 33.1362
    expect(vo2Estimate(1500)).toBe(51.1); // 36.1 + 14.99 = 51.09
    expect(vo2Estimate(1560)).toBe(52.5); // 37.544 + 14.99 = 52.534
  });
  it('rounds a half up', () => {
    expect(vo2Estimate(900)).toBe(36.7); // 21.66 + 14.99 = 36.65
  });
  it('has no score for a skipped test or an unusable time', () => {
    expect(vo2Estimate(null)).toBeNull();
    expect(vo2Estimate(undefined)).toBeNull();
    expect(vo2Estimate(-1)).toBeNull();
    expect(vo2Estimate(Number.NaN)).toBeNull();
    expect(vo2Estimate(Infinity)).toBeNull();
  });
});

describe('vo2Level', () => {
  const level = (score: number | null) => vo2Level(score, VO2_SEED_LEVELS)?.name ?? null;
  it('seeds the six levels of docs/product.md', () => {
    expect(VO2_SEED_LEVELS.map((l) => [l.name, l.min, l.max])).toEqual([
      ['Very poor', null, 32.9],
      ['Poor', 33, 36.4],
      ['Fair', 36.5, 42.4],
      ['Good', 42.5, 46.4],
      ['Excellent', 46.5, 52.4],
      ['Superior', 52.5, null],
    ]);
  });
  it('finds the level holding the score, bounds inclusive', () => {
    expect(level(0)).toBe('Very poor');
    expect(level(32.9)).toBe('Very poor');
    expect(level(33)).toBe('Poor');
    expect(level(36.4)).toBe('Poor');
    expect(level(36.5)).toBe('Fair');
    expect(level(42.4)).toBe('Fair');
    expect(level(42.5)).toBe('Good');
    expect(level(46.4)).toBe('Good');
    expect(level(46.5)).toBe('Excellent');
    expect(level(52.4)).toBe('Excellent');
    expect(level(52.5)).toBe('Superior');
    expect(level(80)).toBe('Superior');
  });
  it('compares on the score rounded to one decimal, so nothing falls between levels', () => {
    expect(level(32.94)).toBe('Very poor');
    expect(level(32.95)).toBe('Poor'); // 33.0
    expect(level(36.44)).toBe('Poor');
    expect(level(36.45)).toBe('Fair'); // 36.5
    expect(level(42.45)).toBe('Good');
    expect(level(52.45)).toBe('Superior');
  });
  it('gives the level of an estimate', () => {
    expect(level(vo2Estimate(600))).toBe('Very poor'); // 29.4
    expect(level(vo2Estimate(900))).toBe('Fair'); // 36.7
    expect(level(vo2Estimate(1560))).toBe('Superior'); // 52.5
  });
  it('has no level without a score', () => {
    expect(level(null)).toBeNull();
    expect(level(Number.NaN)).toBeNull();
  });
  it('has no level in a gap an admin left, and takes the first of overlapping levels', () => {
    const levels = [
      { name: 'Low', min: null, max: 30 },
      { name: 'High', min: 31, max: null },
      { name: 'Also high', min: 31, max: null },
    ];
    expect(vo2Level(30.5, levels)).toBeNull();
    expect(vo2Level(31, levels)?.name).toBe('High');
    expect(vo2Level(30, [])).toBeNull();
  });
});
