import { useState } from 'react';
import type { WorkoutResultRow } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { useAuth } from '../../auth/store.ts';
import { StepButton } from '../../components/ui/Pagination.tsx';
import { ResultsLinks } from './ResultsLinks.tsx';
import {
  formatAmount,
  formatDuration,
  initialStep,
  stepLimits,
  stepPhase,
  stepVersion,
  type Stepped,
} from './workoutSteps.ts';
import './results.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';

const WORKOUT_COLUMNS: readonly StaticColumn<WorkoutResultRow>[] = [
  { label: 'Form', cell: (r) => r.form_name },
  { label: 'Reps/Time', cell: (r) => formatAmount(r.amount, r.reps_or_time) },
  { label: 'Weight (KG)', cell: (r) => r.total_weight },
  { label: 'Par', cell: (r) => formatAmount(r.par, r.reps_or_time) },
  { label: 'Progress', cell: (r) => r.progress ?? '—' },
  { label: 'Level', cell: (r) => r.level ?? '—' },
  { label: 'Time to Complete', cell: (r) => formatDuration(r.time_to_complete) },
];

function Stepper({
  label,
  value,
  prev,
  next,
  onPrev,
  onNext,
}: {
  label: string;
  value: number;
  prev: boolean;
  next: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <StepButton direction="previous" label={`Previous ${label.toLowerCase()}`} onClick={onPrev} disabled={!prev} />
      <span className="stepper__value" aria-live="polite">
        <span className="stepper__label">{label}</span> {value}
      </span>
      <StepButton direction="next" label={`Next ${label.toLowerCase()}`} onClick={onNext} disabled={!next} />
    </div>
  );
}

/**
 * The evolution, version and phase steppers over an evolution's logged sets, and the sets of the chosen phase. The
 * caller keys it by evolution, so choosing another one starts again at its first version.
 */
function WorkoutResultsView({
  rows,
  evolution,
  latest,
  onEvolution,
  empty,
}: {
  rows: readonly WorkoutResultRow[];
  evolution: number;
  /** The member's current evolution: the evolution stepper shows from the second one on. */
  latest: number;
  onEvolution: (evolution: number) => void;
  empty: string;
}) {
  const [chosen, setChosen] = useState<Stepped | null>(null);
  const at = chosen ?? initialStep(rows);
  const limits = stepLimits(rows, at);
  const shown = rows.filter((r) => r.version === at.version && r.phase === at.phase);
  return (
    <div className="workout-results">
      <div className="toolbar steppers">
        {latest > 1 && (
          <Stepper
            label="Evolution"
            value={evolution}
            prev={evolution > 1}
            next={evolution < latest}
            onPrev={() => onEvolution(evolution - 1)}
            onNext={() => onEvolution(evolution + 1)}
          />
        )}
        <Stepper
          label="Version"
          value={at.version}
          prev={limits.prevVersion}
          next={limits.nextVersion}
          onPrev={() => setChosen(stepVersion(rows, at, -1))}
          onNext={() => setChosen(stepVersion(rows, at, 1))}
        />
        <Stepper
          label="Phase"
          value={at.phase}
          prev={limits.prevPhase}
          next={limits.nextPhase}
          onPrev={() => setChosen(stepPhase(rows, at, -1))}
          onNext={() => setChosen(stepPhase(rows, at, 1))}
        />
      </div>
      {shown.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <StaticTable columns={WORKOUT_COLUMNS} rows={shown} rowKey={(r) => r.id} />
      )}
    </div>
  );
}

/** The evolution shown: the one chosen, else the one the answer is for, else the member's current one. */
const shownEvolution = (chosen: number | null, answered: number | undefined, latest: number) =>
  chosen ?? answered ?? latest;

/**
 * A workout results query's loading line, then its view, started afresh for each evolution shown. Shared with the
 * admin's record of a member.
 */
export function WorkoutResults({
  results,
  chosen,
  latest,
  onEvolution,
  loading,
  empty,
}: {
  results: Parameters<typeof QueryState>[0]['query'] & {
    data?: { evolution: number; data: readonly WorkoutResultRow[] };
  };
  /** The evolution the member or admin picked, or null for the answer's own. */
  chosen: number | null;
  latest: number;
  onEvolution: (evolution: number) => void;
  loading: string;
  empty: string;
}) {
  const shown = shownEvolution(chosen, results.data?.evolution, latest);
  return (
    <>
      <QueryState query={results} loading={loading} />
      {results.data && (
        <WorkoutResultsView
          key={shown}
          rows={results.data.data}
          evolution={shown}
          latest={latest}
          onEvolution={onEvolution}
          empty={empty}
        />
      )}
    </>
  );
}

/**
 * /with_menu/workout_results: every logged set of an evolution, by version and phase (stepper arrows). From the second
 * evolution on, an evolution stepper reaches the earlier ones too.
 */
export default function WorkoutResultsPage() {
  const latest = useAuth().evolution?.evolution ?? 1;
  const [evolution, setEvolution] = useState<number | null>(null);
  const results = trpc.warrior.workoutResults.useQuery(evolution === null ? {} : { evolution }, { staleTime: 0 });
  const eyebrow = results.data
    ? `Evolution ${shownEvolution(evolution, results.data.evolution, latest)}`
    : 'Your training';

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow={eyebrow} title="Workout Results" />
      <ResultsLinks current="workout" />
      <WorkoutResults
        results={results}
        chosen={evolution}
        latest={latest}
        onEvolution={setEvolution}
        loading="Loading your workout results"
        empty="No sets logged yet: your results appear here as you finish each phase."
      />
    </section>
  );
}
