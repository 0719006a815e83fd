import { describe, expect, it } from 'vitest';
import { replacementForm, rungClash, rungNumbers } from './ladderEdits.ts';

// A ladder given out of order: ordered it is 11 (1.1), 12 (1.2), 13 (2.1), 14 (2.2).
const ladder = [
  { id: 13, level: 2, progress: 1 },
  { id: 11, level: 1, progress: 1 },
  { id: 14, level: 2, progress: 2 },
  { id: 12, level: 1, progress: 2 },
];

describe('replacementForm', () => {
  it('moves members to the form just below the deleted one', () => {
    expect(replacementForm(ladder, 13)?.id).toBe(12);
    expect(replacementForm(ladder, 14)?.id).toBe(13);
    expect(replacementForm(ladder, 12)?.id).toBe(11);
  });

  it('moves them up when the first form is deleted', () => {
    expect(replacementForm(ladder, 11)?.id).toBe(12);
  });

  it('has nowhere to go on a ladder of one form, or for a form not on the ladder', () => {
    expect(replacementForm([{ id: 5, level: 1, progress: 1 }], 5)).toBeNull();
    expect(replacementForm(ladder, 99)).toBeNull();
    expect(replacementForm([], 1)).toBeNull();
  });

  it('orders ties on (level, progress) by id', () => {
    const tied = [
      { id: 8, level: 1, progress: 1 },
      { id: 7, level: 1, progress: 1 },
      { id: 9, level: 1, progress: 1 },
    ];
    expect(replacementForm(tied, 8)?.id).toBe(7);
    expect(replacementForm(tied, 7)?.id).toBe(8);
  });
});

describe('rungClash', () => {
  it('finds another form at the same level and progress', () => {
    expect(rungClash(ladder, 2, 1)?.id).toBe(13);
    expect(rungClash(ladder, 2, 3)).toBeNull();
    expect(rungClash(ladder, 1, 2)?.id).toBe(12);
  });

  it('lets a form keep its own level and progress', () => {
    expect(rungClash(ladder, 2, 1, 13)).toBeNull();
    expect(rungClash(ladder, 2, 1, 14)?.id).toBe(13);
  });
});

describe('rungNumbers', () => {
  it('numbers the forms from 1 in ladder order', () => {
    expect([...rungNumbers(ladder)].sort((a, b) => a[1] - b[1])).toEqual([
      [11, 1],
      [12, 2],
      [13, 3],
      [14, 4],
    ]);
  });
});
