import { describe, expect, it } from 'vitest';
import { pageToClampTo, pageWindow } from './pagination.ts';

describe('pageWindow shows 5 page links around the current page', () => {
  it('starts at 1 near the beginning', () => expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]));
  it('centres the current page', () => expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]));
  it('ends at the last page', () => expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]));
  it('shows fewer when there are fewer pages', () => expect(pageWindow(2, 3)).toEqual([1, 2, 3]));
  it('clamps a page beyond meta.last_page', () => expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]));
  it('always shows page 1 of an empty list', () => expect(pageWindow(1, 0)).toEqual([1]));
});

describe('pageToClampTo sends a page past the last to the last', () => {
  it('clamps page 99 of 2', () => expect(pageToClampTo({ current_page: 99, last_page: 2 })).toBe(2));
  it('leaves a page that exists', () => expect(pageToClampTo({ current_page: 2, last_page: 2 })).toBeNull());
  it('sends an empty list to page 1', () => expect(pageToClampTo({ current_page: 3, last_page: 0 })).toBe(1));
  it('waits for an answer', () => expect(pageToClampTo(undefined)).toBeNull());
});
