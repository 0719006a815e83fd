import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.tsx';
import { screenOf } from './screens.tsx';

describe('the screens of the route table', () => {
  it('give every route a screen but the ones that only forward or are still to come', () => {
    // A screen filed under a mistyped path would leave its route "coming soon": it shows up here.
    expect(ROUTES.filter((r) => !screenOf(r) && !r.redirect).map((r) => r.path)).toEqual(['/', '/community']);
    expect(ROUTES.filter((r) => r.redirect && screenOf(r))).toEqual([]);
  });
});
