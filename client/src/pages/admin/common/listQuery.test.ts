import { describe, expect, it } from 'vitest';
import { readIdParam } from './listQuery.ts';

describe('an id in the query string (meal group, page category)', () => {
  it('reads only a whole id', () => {
    expect(readIdParam('4')).toBe(4);
    expect(readIdParam('4x')).toBeNull();
    expect(readIdParam('')).toBeNull();
    expect(readIdParam(null)).toBeNull();
  });
});
