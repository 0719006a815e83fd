import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { TECHNIQUE_GUIDE_CATEGORY, TOAST_MS } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { ChevronRightIcon } from '../../components/ui/icons.tsx';
import { notify } from '../../components/ui/notifier.ts';
import { markdownExcerpt } from '../../components/markdownText.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import './warrior.css';
import { PageHeader } from '../../components/PageHeader.tsx';

const NO_GUIDES = 'No technique guides to show.';

/** /warrior/technique-guides: the guides (page category 4), paged; empty: a 3 s notice; a failed load goes to /. */
export default function TechniqueGuidesPage() {
  const [, navigate] = useLocation();
  const requested = Number(useQueryParams().get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const guides = trpc.warrior.pages.useQuery({ categoryId: TECHNIQUE_GUIDE_CATEGORY, page });

  const failed = guides.isError;
  const empty = guides.data !== undefined && guides.data.data.length === 0 && page === 1;
  useEffect(() => {
    if (failed) navigate('/', { replace: true });
  }, [failed, navigate]);
  useEffect(() => {
    if (empty) notify({ message: NO_GUIDES, variant: 'info', duration: TOAST_MS.apiError });
  }, [empty]);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader back={{ href: '/warrior/ground-zero', label: 'Warrior' }} title="Technique Guides">
        <p className="muted">Read the guide before you move up to a new form.</p>
      </PageHeader>
      <QueryState query={guides} loading="Loading the guides" />
      {empty && <p className="empty">{NO_GUIDES}</p>}
      {guides.data && guides.data.data.length > 0 && (
        <ul className="stack-list guide-list">
          {guides.data.data.map((g) => (
            <li key={g.id}>
              <Link href={`/warrior/technique-guides/${g.id}`} className="guide-list__item">
                <span className="guide-list__main">
                  <span className="guide-list__title">{g.title}</span>
                  <span className="guide-list__text">{markdownExcerpt(g.content)}</span>
                </span>
                <ChevronRightIcon className="step-list__icon" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {guides.data && (
        <Pagination
          page={page}
          lastPage={guides.data.meta.last_page}
          onChange={(n) => navigate(`/warrior/technique-guides?page=${n}`)}
          label="Technique guide pages"
        />
      )}
    </section>
  );
}
