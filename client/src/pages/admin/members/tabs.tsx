import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ADMIN_MEMBER_MESSAGE, type FactFindingDto } from '@evolution/shared';
import { apiErrorNotice, readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { notify } from '../../../components/ui/notifier.ts';
import { Pagination, useClampToLastPage } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDate } from '../../../forms/format.ts';
import { CONTACT_FIELDS } from '../../account/ContactInformationPage.tsx';
import { ChamberPager, ChamberView } from '../../evolution/EvolutionChamberPage.tsx';
import { useChamberPage, useFirstPageWhenMissing } from '../../evolution/chamberPage.ts';
import { CalibrationTable } from '../../results/CalibrationResultsPage.tsx';
import { FormLevelsTable } from '../../results/FormLevelsPage.tsx';
import { WorkoutResults } from '../../results/WorkoutResultsPage.tsx';
import { PARQ_QUESTIONS } from '../../setup/parq.ts';
import { MacroFigures } from '../../superhuman/MacroFigures.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { yesNo } from './record.ts';

interface TabProps {
  memberId: number;
}

/** A label and its value; an empty value reads 'Not given'. */
function Details({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="panel details">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>
            {item.value === null || item.value === undefined || item.value === '' ? (
              <span className="muted">Not given</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The spec's 404 is the screen's expected 'nothing yet': said on the screen; any other failure still gets the catalogue's toast. */
const quietNotFound = { staleTime: 0, meta: { silentErrors: true } } as const;

function ContactInformationTab({ memberId }: TabProps) {
  const details = trpc.admin.members.contactDetails.useQuery({ id: memberId }, { staleTime: 0 });
  return (
    <>
      <QueryState query={details} loading="Loading contact information" />
      {details.data && <Details items={CONTACT_FIELDS.map((f) => ({ label: f.label, value: details.data[f.name] }))} />}
    </>
  );
}

function ChannelSubscriptionTab({ memberId }: TabProps) {
  const evolution = trpc.admin.members.evolution.useQuery({ id: memberId }, { staleTime: 0 });
  const e = evolution.data?.data;
  return (
    <>
      <QueryState query={evolution} loading="Loading the subscription" />
      {e && (
        <Details
          items={[
            { label: 'Channel', value: e.channel_name ?? 'No subscription' },
            // The start date reads as the subscription's: without one there is none to show.
            ...(e.channel_name === null ? [] : [{ label: 'Start date', value: formatDate(e.start_date) }]),
            { label: 'Evolution', value: e.evolution },
            { label: 'Version', value: e.need_calibration ? `${e.version} (calibration due)` : e.version },
            { label: 'Phase', value: e.phase },
            {
              label: 'Work volume',
              value: `${e.number_of_sets} sets${e.pending_number_of_sets ? ` (${e.pending_number_of_sets} from the next volume phase)` : ''}`,
            },
          ]}
        />
      )}
    </>
  );
}

function ApplicationDetailsTab({ memberId }: TabProps) {
  const parq = trpc.admin.members.applicationDetails.useQuery({ id: memberId }, { staleTime: 0 });
  if (parq.isPending) return <Spinner label="Loading the application details" />;
  if (!parq.data) return <p className="empty">{ADMIN_MEMBER_MESSAGE.noData}</p>;
  const a = parq.data;
  const answers = [a.question1, a.question2, a.question3, a.question4, a.question5, a.question6, a.question7];
  return (
    <>
      <ol className="panel parq-answers">
        {PARQ_QUESTIONS.map((question, i) => (
          <li key={question} className="parq-answers__item">
            <span className="parq-answers__question">
              <span className="parq-answers__number">{i + 1}.</span> {question}
            </span>
            <span className={answers[i] === 0 ? 'badge' : 'badge badge--warning'}>{yesNo(answers[i] ?? 0)}</span>
          </li>
        ))}
      </ol>
      <Details
        items={[
          { label: 'Date', value: formatDate(a.date) },
          { label: 'E-signature', value: a.e_signature },
        ]}
      />
    </>
  );
}

const FACT_FIND_FIELDS: readonly { key: keyof FactFindingDto; label: string; unit?: string }[] = [
  { key: 'date_of_birth', label: 'Date of Birth' },
  { key: 'height', label: 'Height', unit: 'in' },
  { key: 'weight', label: 'Weight', unit: 'kg' },
  { key: 'wrist_circumference', label: 'Wrist', unit: 'in' },
  { key: 'ankle_circumference', label: 'Ankle', unit: 'in' },
  { key: 'desired_aesthetic', label: 'Desired Aesthetic' },
  { key: 'desired_body_fat', label: 'Desired body fat', unit: '%' },
  { key: 'food_preference', label: 'Food Category' },
  { key: 'waking_time', label: 'Waking Time' },
  { key: 'work_start', label: 'Work Start Time' },
  { key: 'break_time_start_finish', label: 'Work Break Length' },
  { key: 'work_finish', label: 'Work Finish Time' },
  { key: 'time_of_slumber', label: 'Time of Slumber' },
  { key: 'physical_activities', label: 'Physical Activities' },
];

function FactFindTab({ memberId }: TabProps) {
  const factFind = trpc.admin.members.factFinding.useQuery({ id: memberId }, { staleTime: 0 });
  if (factFind.isPending) return <Spinner label="Loading the fact-find" />;
  if (!factFind.data) return <p className="empty">{ADMIN_MEMBER_MESSAGE.noData}</p>;
  const f = factFind.data;
  return (
    <Details
      items={FACT_FIND_FIELDS.map((field) => {
        const value = field.key === 'date_of_birth' ? formatDate(f.date_of_birth) : f[field.key];
        return { label: field.label, value: field.unit ? `${value} ${field.unit}` : value };
      })}
    />
  );
}

function EvolutionChamberTab({ memberId }: TabProps) {
  const path = `/admin/user/${memberId}/evolution_chamber`;
  const { page, go } = useChamberPage(path);
  const chamber = trpc.admin.members.chamber.useQuery(
    { id: memberId, page },
    { ...quietNotFound, placeholderData: (prev) => prev },
  );
  useCatalogueToast(chamber.error);
  useFirstPageWhenMissing(path, page, chamber.error, false);
  const data = chamber.data;
  if (chamber.isPending) return <Spinner label="Loading the evolution chamber" />;
  // 'Data could not be found.' when the load failed or has not succeeded (docs/spec/admin.md §2).
  if (chamber.isError || !data) return <p className="empty">{ADMIN_MEMBER_MESSAGE.noData}</p>;
  return (
    <>
      <div className="member-record__pager">
        <ChamberPager
          chamber={data}
          page={page}
          busy={chamber.isFetching}
          onPage={(n) => go(Math.min(Math.max(1, n), data.totalPages))}
        />
      </div>
      <ChamberView chamber={data} />
    </>
  );
}

function CalibrationTab({ memberId }: TabProps) {
  const results = trpc.admin.members.calibrationResults.useQuery({ id: memberId }, { staleTime: 0 });
  return (
    <>
      <QueryState query={results} loading="Loading the calibration results" />
      {results.data && results.data.data.length === 0 && <p className="empty">No calibration yet.</p>}
      {results.data && results.data.data.length > 0 && (
        <>
          <p className="muted">Evolution {results.data.evolution}: where each max test placed the member.</p>
          <CalibrationTable rows={results.data.data} />
        </>
      )}
    </>
  );
}

function WorkoutResultsTab({ memberId }: TabProps) {
  const [evolution, setEvolution] = useState<number | null>(null);
  const state = trpc.admin.members.evolution.useQuery({ id: memberId }, { staleTime: 0 });
  const results = trpc.admin.members.workoutResults.useQuery(
    evolution === null ? { id: memberId } : { id: memberId, evolution },
    { staleTime: 0 },
  );
  return (
    <WorkoutResults
      results={results}
      chosen={evolution}
      latest={state.data?.data.evolution ?? 1}
      onEvolution={setEvolution}
      loading="Loading the workout results"
      empty="No sets logged in this evolution yet."
    />
  );
}

function FormLevelsTab({ memberId }: TabProps) {
  const list = useListQuery(`/admin/user/${memberId}/form_levels`);
  const levels = trpc.admin.members.formLevels.useQuery(
    { id: memberId, page: list.page },
    { staleTime: 0, placeholderData: (prev) => prev },
  );
  useClampToLastPage(levels.data?.meta, (page) => list.href({ page }));
  return (
    <>
      <QueryState query={levels} loading="Loading the form levels" />
      {levels.data && (
        <>
          <FormLevelsTable rows={levels.data.data} />
          <Pagination
            page={list.page}
            lastPage={levels.data.meta.last_page}
            onChange={(page) => list.go({ page })}
            label="Form level pages"
          />
        </>
      )}
    </>
  );
}

function MacroDataTab({ memberId }: TabProps) {
  const macros = trpc.admin.members.macroData.useQuery({ id: memberId }, quietNotFound);
  useCatalogueToast(macros.error);
  if (macros.isPending) return <Spinner label="Loading the macro data" />;
  // 'DATA COULD NOT BE FOUND.' when not loaded (docs/spec/admin.md §2).
  if (!macros.data) return <p className="empty macro-missing">{ADMIN_MEMBER_MESSAGE.noMacroData}</p>;
  return (
    <div className="panel">
      <p>
        Energy balance: <strong>{macros.data.energy_balance}</strong>, at {macros.data.body_fat}% body fat against the{' '}
        {macros.data.desired_aesthetic} target of {macros.data.desired_body_fat}%.
      </p>
      <MacroFigures macros={macros.data} />
      <p className="muted">
        Estimates from the member&apos;s fact-find and latest data analysis ({macros.data.weight} kg at{' '}
        {macros.data.body_fat}% body fat).
      </p>
    </div>
  );
}

/** A failure other than the expected 404 still gets the error catalogue's toast. */
export function useCatalogueToast(error: unknown) {
  useEffect(() => {
    if (!error || readFailure(error).status === 404) return;
    const notice = apiErrorNotice(error);
    if (notice) notify(notice);
  }, [error]);
}

/** Each tab's body by route name (docs/spec/admin.md §2; marco_data is the spec's spelling). */
export const RECORD_TABS = {
  contact_information: ContactInformationTab,
  channel_subscription: ChannelSubscriptionTab,
  application_details: ApplicationDetailsTab,
  fact_find_details: FactFindTab,
  evolution_chamber: EvolutionChamberTab,
  calibration_test_results: CalibrationTab,
  workout_results: WorkoutResultsTab,
  form_levels: FormLevelsTab,
  marco_data: MacroDataTab,
} satisfies Record<string, ComponentType<TabProps>>;
export type RecordTabKey = keyof typeof RECORD_TABS;
