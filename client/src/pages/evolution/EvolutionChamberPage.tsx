import { Suspense } from 'react';
import type { Chamber } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { StepButton } from '../../components/ui/Pagination.tsx';
import { ResultsLinks } from '../results/ResultsLinks.tsx';
import './evolution.css';
import { PageTitle } from '../../components/PageHeader.tsx';
import { ChartPlaceholder } from '../../components/chart/ChartPlaceholder.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { lazyScreen } from '../../router/lazyScreen.ts';
import { useChamberPage, useFirstPageWhenMissing } from './chamberPage.ts';

// nivo is about 95 KB gzipped per chart type: each chart is its own chunk, fetched when the chamber has data.
const MuscleChart = lazyScreen(() => import('./MuscleChart.tsx'));
const TrendChart = lazyScreen(() => import('./TrendChart.tsx'));

const BODY_METRICS = [
  { key: 'weight', label: 'Weight', unit: 'kg' },
  { key: 'body_fat', label: 'Body fat', unit: '%' },
  { key: 'chest', label: 'Chest', unit: 'in' },
  { key: 'bicep', label: 'Bicep', unit: 'in' },
  { key: 'waist', label: 'Waist', unit: 'in' },
  { key: 'quad', label: 'Quad', unit: 'in' },
] as const;
const PHOTO_NAMES = ['Front', 'Side', 'Back'];

/** A number as measured: up to two decimals, no trailing zeros. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/** One chamber snapshot: VO2 max, body metrics, muscle scores and the progress photos. Shared with the admin's record of a member. */
export function ChamberView({ chamber }: { chamber: Chamber }) {
  const { vo2max, body, muscle } = chamber.data;
  const hasMuscle = Object.keys(muscle).length > 0;
  return (
    <div className="chamber">
      <Panel titleId="vo2-title" title="VO2 max" className="chamber__vo2">
        {vo2max.score === null ? (
          <p className="muted">No treadmill test in this version.</p>
        ) : (
          <p className="chamber__score">
            <span className="chamber__score-value">{num(vo2max.score)}</span>
            <span className="chamber__score-unit">ml/kg/min (estimate)</span>
            {vo2max.level && <span className="badge badge--accent chamber__level">{vo2max.level}</span>}
          </p>
        )}
      </Panel>

      <Panel titleId="body-title" title="Body" className="chamber__body">
        <dl className="metrics">
          {BODY_METRICS.map((m) => (
            <div key={m.key} className="metrics__item">
              <dt>{m.label}</dt>
              <dd>
                {num(body[m.key])}
                <span className="metrics__unit"> {m.unit}</span>
              </dd>
            </div>
          ))}
        </dl>
      </Panel>

      <Panel titleId="muscle-title" title="Muscle scores" className="chamber__muscle">
        {hasMuscle ? (
          <>
            <Suspense fallback={<ChartPlaceholder height={300} />}>
              <MuscleChart muscle={muscle} />
            </Suspense>
            {/* The chart's numbers for screen readers (a table ignores the 1 px box, so it sits in a div). */}
            <div className="visually-hidden">
              <table>
                <caption>Muscle scores out of 10</caption>
                <tbody>
                  {Object.entries(muscle).map(([name, score]) => (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{score}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="muted">No scores yet.</p>
        )}
      </Panel>

      <Panel titleId="photos-title" title="Progress photos" className="chamber__photos">
        {body.images.length === 0 ? (
          <p className="muted">No photos in this version.</p>
        ) : (
          <ul className="photo-strip">
            {body.images.map((img, i) => (
              <li key={img.id}>
                <figure className="photo-strip__item">
                  <img
                    src={`data:${img.mime};base64,${img.base64}`}
                    alt={`${PHOTO_NAMES[i] ?? `Photo ${i + 1}`} progress photo, ${chamber.label}`}
                    loading="lazy"
                  />
                  <figcaption>{PHOTO_NAMES[i] ?? `Photo ${i + 1}`}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** Version paging between 1 and totalPages, labelled v{evolution}.{version}. Shared with the admin's record of a member. */
export function ChamberPager({
  chamber,
  page,
  busy,
  onPage,
}: {
  chamber: Chamber;
  page: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="chamber-pager" aria-label="Versions">
      <StepButton
        direction="previous"
        label="Previous version"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1 || busy}
      />
      <span className="chamber-pager__label" aria-live="polite">
        <span className="chamber-pager__version">{chamber.label}</span>
        <span className="chamber-pager__count">
          {chamber.current} of {chamber.totalPages}
        </span>
      </span>
      <StepButton
        direction="next"
        label="Next version"
        onClick={() => onPage(page + 1)}
        disabled={page >= chamber.totalPages || busy}
      />
    </nav>
  );
}

/** Weight, body fat and VO2 across every snapshot (not in the spec: members ask for it). */
function Trend() {
  const trend = trpc.warrior.chamberTrend.useQuery(undefined, { staleTime: 0, meta: { silentErrors: true } });
  const points = trend.data?.data ?? [];
  if (points.length < 2) return null;
  return (
    <Panel titleId="trend-title" title="Across versions" className="chamber__trend">
      <Suspense fallback={<ChartPlaceholder height={300} />}>
        <TrendChart points={points} />
      </Suspense>
      <div className="visually-hidden">
        <table>
          <caption>Weight, body fat and VO2 max by version</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Weight (kg)</th>
              <th scope="col">Body fat (%)</th>
              <th scope="col">VO2 max</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.page}>
                <th scope="row">{p.label}</th>
                <td>{num(p.weight)}</td>
                <td>{num(p.body_fat)}</td>
                <td>{p.vo2max === null ? '—' : num(p.vo2max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

const CHAMBER_PATH = '/evolution';

/**
 * /evolution?page={n}: the evolution chamber, one snapshot per page (v{evolution}.{version}), paged from 1 to
 * totalPages; the page lives in the query string so a reload keeps the version.
 */
export default function EvolutionChamberPage() {
  const { page, go: goTo } = useChamberPage(CHAMBER_PATH);
  // A later page's failure is said by useFirstPageWhenMissing: a page past the last is no error, it shows the first.
  const chamber = trpc.warrior.chamber.useQuery(
    { page },
    { staleTime: 0, placeholderData: (prev) => prev, meta: { silentErrors: page > 1 } },
  );
  useFirstPageWhenMissing(CHAMBER_PATH, page, chamber.error, true);
  const data = chamber.data;
  const total = data?.totalPages ?? 1;
  const go = (n: number) => goTo(Math.min(Math.max(1, n), total));

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header page__header--split">
        <div className="page__header">
          <PageTitle eyebrow="Evolution" title="Chamber" />
        </div>
        {data && <ChamberPager chamber={data} page={page} busy={chamber.isFetching} onPage={go} />}
      </header>
      <ResultsLinks current="chamber" />
      <QueryState query={chamber} loading="Loading your chamber" />
      {data && !chamber.isError && <ChamberView chamber={data} />}
      {data && !chamber.isError && <Trend />}
    </section>
  );
}
