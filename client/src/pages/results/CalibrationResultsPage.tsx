import type { CalibrationResults } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { formatAmount } from './workoutSteps.ts';
import { ResultsLinks } from './ResultsLinks.tsx';
import './results.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';

/** The calibration's tests: Form (and the form it placed the member on), Reps/Time, Level. Shared with the admin's record of a member. */
export function CalibrationTable({ rows }: { rows: CalibrationResults['data'] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Form</th>
            <th scope="col">Reps/Time</th>
            <th scope="col">Level</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.calibration_id ?? `row-${i}`}>
              <td data-label="Form">
                {row.form}
                {row.placed_form && <span className="table__sub">Placed on {row.placed_form}</span>}
              </td>
              <td data-label="Reps/Time">{formatAmount(row.amount, row.reps_or_time)}</td>
              <td data-label="Level">{row.level ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
