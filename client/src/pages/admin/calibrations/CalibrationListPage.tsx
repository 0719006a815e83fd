import { Link } from 'wouter';
import { trpc } from '../../../api/trpc.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { AdminTable } from '../common/AdminTable.tsx';
import { EditLink, RowActions } from '../common/RowActions.tsx';
import { REPS_OR_TIME_LABEL, VO2_LIST } from './catalogue.ts';
import '../common/catalogue.css';

/** /admin/calibration_management: every calibration max test (not paged), with the way to the VO2 max levels. */
export default function CalibrationListPage() {
  const list = trpc.admin.calibrations.list.useQuery(undefined, { staleTime: 0 });
  const rows = list.data?.data ?? [];
  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title="Calibration Management"
        actions={
          <Link href={VO2_LIST} className="button button--secondary">
            VO2 max levels
          </Link>
        }
      />
      <p className="muted">
        The max tests that place a member on each form group's ladder: the starting form is the share of the max they
        reach.
      </p>
      <QueryState query={list} loading="Loading calibrations" />
      {list.isSuccess && (
        <AdminTable
          caption={`Calibrations, ${rows.length} in all`}
          columns={[
            'ID',
            'Form',
            'Form group',
            { label: 'Exercise type', className: 'catalogue-wide' },
            { label: 'Max', className: 'catalogue-num' },
            'Reps/Time',
            { label: 'Weight (kg)', className: 'catalogue-num catalogue-wide' },
            'Muscle',
          ]}
          actions
          className="catalogue-table"
          empty={rows.length === 0 && 'No calibrations yet.'}
        >
          {rows.map((c) => (
            <tr key={c.id}>
              <td data-label="ID">{c.id}</td>
              <td data-label="Form">{c.form}</td>
              <td data-label="Form group">{c.form_group_name}</td>
              <td data-label="Exercise type" className="catalogue-wide">
                {c.exercise_type_name}
              </td>
              <td data-label="Max" className="catalogue-num">
                {c.max}
              </td>
              <td data-label="Reps/Time">{REPS_OR_TIME_LABEL[c.reps_or_time]}</td>
              <td data-label="Weight (kg)" className="catalogue-num catalogue-wide">
                {c.total_weight}
              </td>
              <td data-label="Muscle">{c.muscle_group_short_handle ?? <span className="muted">None</span>}</td>
              <RowActions>
                <EditLink href={`/admin/calibration/${c.id}/edit`} name={c.form} />
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
