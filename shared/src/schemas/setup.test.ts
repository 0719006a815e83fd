import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageOn, factFindingInput } from './setup.ts';

describe('ageOn (whole years, as birthdays count them)', () => {
  it('turns 10 on the tenth birthday itself, not a day later', () => {
    expect(ageOn('2016-11-28', '2026-11-27')).toBe(9);
    expect(ageOn('2016-11-28', '2026-11-28')).toBe(10);
    expect(ageOn('2016-11-28', '2026-12-31')).toBe(10);
    expect(ageOn('2016-01-01', '2026-12-31')).toBe(10);
    expect(ageOn('2016-12-31', '2027-01-01')).toBe(10);
  });

  it('counts a 29 February birthday on 1 March in other years', () => {
    expect(ageOn('2016-02-29', '2026-02-28')).toBe(9);
    expect(ageOn('2016-02-29', '2026-03-01')).toBe(10);
    expect(ageOn('2016-02-29', '2028-02-29')).toBe(12);
  });
});

describe('the fact-find date of birth (age 10 to 120)', () => {
  afterEach(() => vi.useRealTimers());
  const dateOfBirthError = (date_of_birth: string) =>
    factFindingInput.shape.date_of_birth.safeParse(date_of_birth).error?.issues[0]?.message;

  it('takes a member on their tenth birthday and on the last day they are 120, and no one outside', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T08:00:00Z'));
    const refused = 'Date of Birth must be a date in the past (age 10 to 120)';
    expect(dateOfBirthError('2016-11-28')).toBeUndefined();
    expect(dateOfBirthError('2016-11-29')).toBe(refused);
    expect(dateOfBirthError('1905-11-29')).toBeUndefined();
    expect(dateOfBirthError('1905-11-28')).toBe(refused);
    expect(dateOfBirthError('2990-01-01')).toBe(refused);
  });
});
