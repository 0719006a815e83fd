import { useState } from 'react';
import type { FormLevelRow } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { ResultsLinks } from './ResultsLinks.tsx';
import { formatAmount } from './workoutSteps.ts';
import './results.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';

const FORM_LEVEL_COLUMNS: readonly StaticColumn<FormLevelRow>[] = [
  { label: 'ID', cell: (r) => r.form_id },
  { label: 'Level', cell: (r) => r.level },
  { label: 'Progression', cell: (r) => r.progress },
  {
    label: 'Form',
    cell: (r) => (
      <span className="table__stack">
        {r.name}
        <span className="table__sub">{r.form_group}</span>
      </span>
    ),
  },
  { label: 'Rep/Time', cell: (r) => formatAmount(r.amount, r.reps_or_time) },
];

/** The current form on each ladder: ID, Level, Progression, Form, Rep/Time. Shared with the admin's record of a member. */
export function FormLevelsTable({ rows }: { rows: readonly FormLevelRow[] }) {
  return <StaticTable columns={FORM_LEVEL_COLUMNS} rows={rows} rowKey={(r) => r.form_id} />;
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
