import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { apiErrorNotice, readFailure } from '../../api/errors.ts';
import { notify } from '../../components/ui/notifier.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { listHref, readPage } from '../admin/common/listQuery.ts';

/** A chamber's address at a page: `?page=n`, and no query for the first (v1.0). */
export const chamberHref = (path: string, page: number): string => listHref(path, { page });

/** A page the server answered 404 for: one past the last snapshot (a stale link, a hand-typed page). */
export const isPastLastPage = (page: number, error: unknown): boolean =>
  page > 1 && error !== null && error !== undefined && readFailure(error).status === 404;

/**
 * The chamber page in the query string, so a reload or a shared link shows the same version (anything that is no
 * whole number from 1 reads as the first). Stepping replaces the address: Back leaves the chamber instead of walking
 * back through every version looked at.
 */
export function useChamberPage(path: string) {
  const [, navigate] = useLocation();
  const page = readPage(useQueryParams().get('page'));
  const go = (n: number) => navigate(chamberHref(path, Math.max(1, n)), { replace: true });
  return { page, go };
}

/**
 * After a failed chamber load: a page past the last shows the first version instead, quietly, replacing the address.
 * With `notice`, any other failure of a later page gets the error catalogue's notice here (the member's query is quiet
 * on later pages only, so this stands in for it; a 401 is the session's end, said on the login screen).
 */
export function useFirstPageWhenMissing(path: string, page: number, error: unknown, notice: boolean) {
  const [, navigate] = useLocation();
  const pastLast = isPastLastPage(page, error);
  useEffect(() => {
    if (pastLast) navigate(chamberHref(path, 1), { replace: true });
    else if (notice && error && page > 1 && readFailure(error).status !== 401) {
      const n = apiErrorNotice(error);
      if (n) notify(n);
    }
  }, [pastLast, error, page, notice, path, navigate]);
}
