import { useLocation } from 'wouter';
import { useQueryParams } from '../../../router/useQueryParams.ts';

/** A whole page number from the query string (1 for anything else). */
export function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A whole id from the query string (a meal group, a page category), or null for anything else. */
export const readIdParam = (value: string | null): number | null =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : null;

/** `path` with these query values, dropping empty ones and page 1 (the default). */
export function listHref(path: string, values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || (key === 'page' && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * An admin list's state in the query string (docs/spec/admin.md §2: every list keeps its page and search there): the
 * page, the search and any other keys, and `go` to change some of them (a new search or filter goes back to page 1).
 */
export function useListQuery(path: string) {
  const [, navigate] = useLocation();
  const params = useQueryParams();
  const values = Object.fromEntries(params.entries()) as Record<string, string>;
  const page = readPage(params.get('page'));
  const search = params.get('search') ?? '';
  const go = (next: Record<string, string | number | undefined | null>) => {
    const resetsPage = Object.keys(next).some((k) => k !== 'page');
    navigate(listHref(path, { ...values, ...(resetsPage ? { page: 1 } : {}), ...next }));
  };
  /** After a delete: when the last row of a later page is gone, show the page before it. */
  const leaveEmptiedPage = (rowsOnPage: number) => {
    if (rowsOnPage === 1 && page > 1) go({ page: page - 1 });
  };
  return {
    page,
    search,
    params,
    go,
    leaveEmptiedPage,
    href: (next: Record<string, string | number | undefined | null>) => listHref(path, { ...values, ...next }),
  };
}
