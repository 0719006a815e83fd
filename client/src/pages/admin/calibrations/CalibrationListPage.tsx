import type { AdminCalibration } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { EditLink } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CALIBRATION_LIST, REPS_OR_TIME_LABEL, VO2_LIST } from './catalogue.ts';
import '../common/catalogue.css';

const CALIBRATION_COLUMNS: readonly Column<AdminCalibration>[] = [
  { key: 'id', label: 'ID', value: (c) => c.id },
  { key: 'form', label: 'Form', value: (c) => c.form, truncate: true },
  { key: 'group', label: 'Form group', value: (c) => c.form_group_name, truncate: true },
  { key: 'type', label: 'Exercise type', value: (c) => c.exercise_type_name, className: 'catalogue-wide' },
  { key: 'max', label: 'Max', value: (c) => c.max, className: 'catalogue-num' },
  { key: 'unit', label: 'Reps/Time', value: (c) => REPS_OR_TIME_LABEL[c.reps_or_time] },
  { key: 'weight', label: 'Weight (kg)', value: (c) => c.total_weight, className: 'catalogue-num catalogue-wide' },
  {
    key: 'muscle',
    label: 'Muscle',
    value: (c) => c.muscle_group_short_handle,
    cell: (c) => c.muscle_group_short_handle ?? <span className="muted">None</span>,
  },
];

/** /admin/calibration_management: every calibration max test (not paged), with the way to the VO2 max levels. */
export default function CalibrationListPage() {
  const query = useListQuery(CALIBRATION_LIST);
  const list = trpc.admin.calibrations.list.useQuery(undefined, { staleTime: 0 });
  const rows = list.data?.data ?? [];
  return (
    <AdminScreen
      title="Calibration Management"
      actions={
        <ButtonLink href={VO2_LIST} variant="secondary">
          VO2 max levels
        </ButtonLink>
      }
    >
      <p className="muted">
        The max tests that place a member on each form group's ladder: the starting form is the share of the max they
        reach.
      </p>
      <QueryState query={list} loading="Loading calibrations" />
      {list.isSuccess && (
        <DataTable
          from={list}
          caption={`Calibrations, ${rows.length} in all`}
          columns={CALIBRATION_COLUMNS}
          actions={(c) => <EditLink href={`/admin/calibration/${c.id}/edit`} name={c.form} />}
          list={query}
          className="catalogue-table"
          empty="No calibrations yet."
        />
      )}
    </AdminScreen>
  );
}
