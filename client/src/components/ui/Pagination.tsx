import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { pageWindow } from './pagination.ts';

export interface PaginationProps {
  page: number;
  /** meta.last_page of the paged answer. */
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Five page links with previous and next; hidden when everything fits on one page. */
export function Pagination({ page, lastPage, onChange, label = 'Pagination' }: PaginationProps) {
  if (lastPage <= 1) return null;
  const pages = pageWindow(page, lastPage);
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeftIcon />
      </button>
      <ul className="pagination__pages">
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__page"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page + 1)}
        disabled={page >= lastPage}
        aria-label="Next page"
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
