import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { pageToClampTo, pageWindow } from './pagination.ts';

/**
 * A list whose page lives in the query string lands on its last page when the one asked for lies past it
 * (`?page=99` of 2), replacing the address so Back does not return to the empty page.
 */
export function useClampToLastPage(
  meta: { current_page: number; last_page: number } | undefined,
  href: (page: number) => string,
): void {
  const [, navigate] = useLocation();
  const to = pageToClampTo(meta);
  const target = to === null ? null : href(to);
  useEffect(() => {
    if (target !== null) navigate(target, { replace: true });
  }, [target, navigate]);
}

export type PaginationProps = {
  page: number;
  /** meta.last_page of the paged answer. */
  lastPage: number;
  label?: string;
} & (
  | { /** What a page button does. */ onChange: (page: number) => void; href?: undefined }
  | {
      /** Each page's address: the pages are links (the page lives in the query string). */ href: (
        page: number,
      ) => string;
      onChange?: undefined;
    }
);

/** Five page links with previous and next; hidden when everything fits on one page. */
export function Pagination({ page, lastPage, onChange, href, label = 'Pagination' }: PaginationProps) {
  if (lastPage <= 1) return null;
  const pages = pageWindow(page, lastPage);
  const to = (n: number, className: string, children: ReactNode, props: Record<string, string | undefined>) => {
    const off = n < 1 || n > lastPage;
    if (href)
      return off ? (
        <span className={className} aria-disabled="true" role="link" {...props}>
          {children}
        </span>
      ) : (
        <Link href={href(n)} className={className} {...props}>
          {children}
        </Link>
      );
    return (
      <button type="button" className={className} onClick={() => n !== page && onChange?.(n)} disabled={off} {...props}>
        {children}
      </button>
    );
  };
  return (
    <nav className="pagination" aria-label={label}>
      {to(page - 1, 'pagination__step', <ChevronLeftIcon />, { 'aria-label': 'Previous page' })}
      <ul className="pagination__pages">
        {pages.map((n) => (
          <li key={n}>
            {to(n, 'pagination__page', n, {
              'aria-label': `Page ${n}`,
              'aria-current': n === page ? 'page' : undefined,
            })}
          </li>
        ))}
      </ul>
      {to(page + 1, 'pagination__step', <ChevronRightIcon />, { 'aria-label': 'Next page' })}
    </nav>
  );
}

/** A previous or next arrow beside a value it steps through (a version, a phase), drawn as the pages' arrows are. */
export function StepButton({
  direction,
  label,
  onClick,
  disabled,
}: {
  direction: 'previous' | 'next';
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button type="button" className="pagination__step" onClick={onClick} disabled={disabled} aria-label={label}>
      {direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </button>
  );
}
