import { describe, expect, it } from 'vitest';
import { chamberLabel, chamberPage } from './chamber.ts';

describe('chamberLabel', () => {
  it('is v{evolution}.{version}', () => {
    expect(chamberLabel(1, 0)).toBe('v1.0');
    expect(chamberLabel(1, 4)).toBe('v1.4');
    expect(chamberLabel(2, 3)).toBe('v2.3');
    expect(chamberLabel(10, 12)).toBe('v10.12');
  });
});

describe('chamberPage', () => {
  const snaps = [
    { id: 'c', evolution: 1, version: 2 },
    { id: 'a', evolution: 1, version: 0 },
    { id: 'e', evolution: 2, version: 0 },
    { id: 'b', evolution: 1, version: 1 },
    { id: 'd', evolution: 1, version: 4 },
  ];
  it('pages oldest first', () => {
    expect([1, 2, 3, 4, 5].map((p) => chamberPage(snaps, p)?.label)).toEqual(['v1.0', 'v1.1', 'v1.2', 'v1.4', 'v2.0']);
    expect(chamberPage(snaps, 1)).toEqual({ snapshot: snaps[1], label: 'v1.0', current: 1, totalPages: 5 });
    expect(chamberPage(snaps, 5)).toEqual({ snapshot: snaps[2], label: 'v2.0', current: 5, totalPages: 5 });
  });
  it('gives null for a page out of range', () => {
    expect(chamberPage(snaps, 0)).toBeNull();
    expect(chamberPage(snaps, 6)).toBeNull();
    expect(chamberPage(snaps, -1)).toBeNull();
    expect(chamberPage(snaps, 1.5)).toBeNull();
    expect(chamberPage(snaps, Number.NaN)).toBeNull();
    expect(chamberPage([], 1)).toBeNull();
  });
  it('has one page for one snapshot', () => {
    expect(chamberPage([{ evolution: 1, version: 0 }], 1)).toMatchObject({ current: 1, totalPages: 1, label: 'v1.0' });
  });
  it('does not reorder the input', () => {
    chamberPage(snaps, 1);
    expect(snaps.map((s) => s.id)).toEqual(['c', 'a', 'e', 'b', 'd']);
  });
});
