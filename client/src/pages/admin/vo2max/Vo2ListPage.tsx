import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../api/trpc.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { AdminTable } from '../common/AdminTable.tsx';
import { EditLink, RowActions } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CALIBRATION_LIST, VO2_LIST, describeRange } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';

/** /admin/vo2_max_management: the VO2 max levels by rank, paged, each with its range in ml/kg/min. */
export default function Vo2ListPage() {
  const { page, go } = useListQuery(VO2_LIST);
  const list = trpc.admin.vo2max.list.useQuery({ page }, { placeholderData: keepPreviousData, staleTime: 0 });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader title="VO2 Max Management" back={{ href: CALIBRATION_LIST, label: 'Calibration Management' }} />
      <p className="muted">
        A member's treadmill score (ml/kg/min, one decimal) is placed in the level whose range holds it. The levels tile
        the scale: each starts 0.1 above the one below ends.
      </p>
      <QueryState query={list} loading="Loading VO2 max levels" />
      {list.data && (
        <AdminTable
          caption="VO2 max levels"
          meta={meta}
          captionTotal={false}
          columns={[
            'Level',
            'Name',
            { label: 'Min', className: 'catalogue-num' },
            { label: 'Max', className: 'catalogue-num' },
            'Range',
          ]}
          actions
          className="catalogue-table"
          busy={list.isFetching}
          empty={rows.length === 0 && 'No VO2 max levels on this page.'}
          pages={{ onChange: (p) => go({ page: p }), label: 'VO2 max level pages' }}
        >
          {rows.map((l) => (
            <tr key={l.id}>
              <td data-label="Level">{l.level}</td>
              <td data-label="Name">{l.level_name}</td>
              <td data-label="Min" className="catalogue-num">
                {l.min ?? <span className="muted">open</span>}
              </td>
              <td data-label="Max" className="catalogue-num">
                {l.max ?? <span className="muted">open</span>}
              </td>
              <td data-label="Range">{describeRange(l.min, l.max)}</td>
              <RowActions>
                <EditLink href={`/admin/vo2_max/${l.id}/edit`} name={l.level_name} />
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
