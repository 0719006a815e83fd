import { useState } from 'react';
import type { FormLevelRow } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { ResultsLinks } from './ResultsLinks.tsx';
import { formatAmount } from './workoutSteps.ts';
import './results.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';

/** The current form on each ladder: ID, Level, Progression, Form, Rep/Time. Shared with the admin's record of a member. */
export function FormLevelsTable({ rows }: { rows: readonly FormLevelRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Level</th>
            <th scope="col">Progression</th>
            <th scope="col">Form</th>
            <th scope="col">Rep/Time</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.form_id}>
              <td data-label="ID">{r.form_id}</td>
              <td data-label="Level">{r.level}</td>
              <td data-label="Progression">{r.progress}</td>
              <td data-label="Form">
                {r.name}
                <span className="table__sub">{r.form_group}</span>
              </td>
              <td data-label="Rep/Time">{formatAmount(r.amount, r.reps_or_time)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /with_menu/form_levels: the member's current form on each ladder (ID, Level, Progression, Form, Rep/Time), paged. */
export default function FormLevelsPage() {
  const [page, setPage] = useState(1);
  const levels = trpc.warrior.formLevels.useQuery({ page }, { staleTime: 0, placeholderData: (prev) => prev });
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Your ladders" title="Form Levels">
        <p className="muted">Where you stand on every ladder, and your best set in your latest session on that form.</p>
      </PageHeader>
      <ResultsLinks current="forms" />
      <QueryState query={levels} loading="Loading your form levels" />
      {levels.data && (
        <>
          <FormLevelsTable rows={levels.data.data} />
          <Pagination page={page} lastPage={levels.data.meta.last_page} onChange={setPage} label="Form level pages" />
        </>
      )}
    </section>
  );
}
