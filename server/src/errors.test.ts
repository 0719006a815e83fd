import { describe, expect, it } from 'vitest';
import { laravelMessage, validationError } from './errors.ts';

describe('laravelMessage', () => {
  it('is the only message when there is one', () => {
    expect(laravelMessage({ email: ['Incorrect format'] })).toBe('Incorrect format');
  });
  it('counts the other messages, singular and plural, across fields', () => {
    expect(laravelMessage({ email: ['A'], name: ['B'] })).toBe('A (and 1 more error)');
    expect(laravelMessage({ email: ['A', 'B'], name: ['C'] })).toBe('A (and 2 more errors)');
  });
  it('gives a 422 with one field error', () => {
    const e = validationError('email', 'taken');
    expect([e.status, e.fieldErrors]).toEqual([422, { email: ['taken'] }]);
  });
});
