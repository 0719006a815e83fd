import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '../../../api/trpc.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CALIBRATION_LIST, VO2_LIST, describeRange } from '../calibrations/catalogue.ts';
import '../calibrations/calibrations.css';

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
        A member's treadmill score (ml/kg/min, one decimal) is placed in the level whose range holds it. The levels tile the scale: each starts 0.1 above
        the one below ends.
      </p>
      <QueryState query={list} loading="Loading VO2 max levels" />
      {list.data && (
        <div className="table-wrap" aria-busy={list.isFetching || undefined}>
          <table className="table catalogue-table">
            <caption className="visually-hidden">VO2 max levels{meta ? `, page ${meta.current_page} of ${meta.last_page}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Level</th>
                <th scope="col">Name</th>
                <th scope="col" className="catalogue-num">
                  Min
                </th>
                <th scope="col" className="catalogue-num">
                  Max
                </th>
                <th scope="col">Range</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                  <td className="table__actions-cell">
                    <div className="table__actions">
                      <Link href={`/admin/vo2_max/${l.id}/edit`} className="button button--ghost button--sm" aria-label={`Edit ${l.level_name}`}>
                        EDIT
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="empty">No VO2 max levels on this page.</p>}
        </div>
      )}
      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(p) => go({ page: p })} label="VO2 max level pages" />}
    </section>
  );
}
