import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { navigate, useHashPath, useHashSearch } from '../../router/hashLocation.ts';
import { chamberHref, isPastLastPage, useChamberPage, useFirstPageWhenMissing } from './chamberPage.ts';

const notFound = { message: 'Not found', data: { httpStatus: 404 } };

/** A chamber screen reduced to its address: the page read, a Next button, and a failure to react to. */
function Chamber({ error }: { error?: unknown }) {
  const { page, go } = useChamberPage('/evolution');
  useFirstPageWhenMissing('/evolution', page, error ?? null, false);
  return (
    <button type="button" onClick={() => go(page + 1)}>
      page {page}
    </button>
  );
}

function show(path: string, error?: unknown) {
  navigate(path);
  return render(
    <Router hook={useHashPath} searchHook={useHashSearch}>
      <Chamber error={error} />
    </Router>,
  );
}

afterEach(() => navigate('/'));

describe('the chamber version in the address', () => {
  it('puts later pages in the query string and leaves the first without one', () => {
    expect(chamberHref('/evolution', 1)).toBe('/evolution');
    expect(chamberHref('/evolution', 4)).toBe('/evolution?page=4');
    expect(chamberHref('/admin/user/7/evolution_chamber', 2)).toBe('/admin/user/7/evolution_chamber?page=2');
  });

  it('reads the page on load; anything that is no whole number from 1 is the first', () => {
    for (const [path, page] of [
      ['/evolution?page=3', 3],
      ['/evolution', 1],
      ['/evolution?page=0', 1],
      ['/evolution?page=-2', 1],
      ['/evolution?page=v1.2', 1],
      ['/evolution?page=2.5', 2],
    ] as const) {
      const view = show(path);
      expect({ path, shown: screen.getByRole('button').textContent }).toEqual({ path, shown: `page ${page}` });
      view.unmount();
    }
  });

  it('steps by replacing the address, so Back leaves the chamber', () => {
    show('/evolution?page=2');
    const before = history.length;
    act(() => screen.getByRole('button').click());
    expect(location.hash).toBe('#/evolution?page=3');
    expect(screen.getByRole('button').textContent).toBe('page 3');
    expect(history.length).toBe(before);
  });

  it('a page past the last (a 404) shows the first instead; the first page’s own 404 stays an error', () => {
    expect(isPastLastPage(5, notFound)).toBe(true);
    expect(isPastLastPage(1, notFound)).toBe(false);
    expect(isPastLastPage(5, { data: { httpStatus: 500 } })).toBe(false);
    expect(isPastLastPage(5, null)).toBe(false);

    show('/evolution?page=99', notFound);
    expect(location.hash).toBe('#/evolution');
    expect(screen.getByRole('button').textContent).toBe('page 1');
  });
});
