import type { CalibrationResults } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { formatAmount } from './workoutSteps.ts';
import { ResultsLinks } from './ResultsLinks.tsx';
import './results.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';

const CALIBRATION_COLUMNS: readonly StaticColumn<CalibrationResults['data'][number]>[] = [
  {
    label: 'Form',
    cell: (row) => (
      <span className="table__stack">
        {row.form}
        {row.placed_form && <span className="table__sub">Placed on {row.placed_form}</span>}
      </span>
    ),
  },
  { label: 'Reps/Time', cell: (row) => formatAmount(row.amount, row.reps_or_time) },
  { label: 'Level', cell: (row) => row.level ?? '—' },
];

/** The calibration's tests: Form (and the form it placed the member on), Reps/Time, Level. Shared with the admin's record of a member. */
export function CalibrationTable({ rows }: { rows: CalibrationResults['data'] }) {
  return (
    <StaticTable columns={CALIBRATION_COLUMNS} rows={rows} rowKey={(row, i) => row.calibration_id ?? `row-${i}`} />
  );
}

/** /with_menu/calibration_results: the latest calibration's tests: Form, Reps/Time, Level. */
export default function CalibrationResultsPage() {
  const results = trpc.warrior.calibrationResults.useQuery(undefined, { staleTime: 0 });
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Calibration Results">
        {results.data?.evolution ? (
          <p className="muted">Evolution {results.data.evolution}: where each max test placed you.</p>
        ) : null}
      </PageHeader>
      <ResultsLinks current="calibration" />
      <QueryState query={results} loading="Loading your calibration results" />
      {results.data && results.data.data.length === 0 && (
        <p className="empty">No calibration yet: your results appear here once you finish the max tests.</p>
      )}
      {results.data && results.data.data.length > 0 && <CalibrationTable rows={results.data.data} />}
    </section>
  );
}
