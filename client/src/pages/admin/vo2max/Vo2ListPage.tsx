import { keepPreviousData } from '@tanstack/react-query';
import type { Vo2LevelRow } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { EditLink } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CALIBRATION_LIST, VO2_LIST, describeRange } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';

const LEVEL_COLUMNS: readonly Column<Vo2LevelRow>[] = [
  { key: 'level', label: 'Level', value: (l) => l.level },
  { key: 'name', label: 'Name', value: (l) => l.level_name, truncate: true },
  {
    key: 'min',
    label: 'Min',
    className: 'catalogue-num',
    value: (l) => l.min,
    cell: (l) => l.min ?? <span className="muted">open</span>,
  },
  {
    key: 'max',
    label: 'Max',
    className: 'catalogue-num',
    value: (l) => l.max,
    cell: (l) => l.max ?? <span className="muted">open</span>,
  },
  { key: 'range', label: 'Range', value: (l) => describeRange(l.min, l.max), unsortable: true },
];

/** /admin/vo2_max_management: the VO2 max levels by rank, paged, each with its range in ml/kg/min. */
export default function Vo2ListPage() {
  const query = useListQuery(VO2_LIST);
  const list = trpc.admin.vo2max.list.useQuery(
    { page: query.page },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  return (
    <AdminScreen title="VO2 Max Management" back={{ href: CALIBRATION_LIST, label: 'Calibration Management' }}>
      <p className="muted">
        A member's treadmill score (ml/kg/min, one decimal) is placed in the level whose range holds it. The levels tile
        the scale: each starts 0.1 above the one below ends.
      </p>
      <QueryState query={list} loading="Loading VO2 max levels" />
      {list.data && (
        <DataTable
          from={list}
          caption="VO2 max levels"
          captionTotal={false}
          columns={LEVEL_COLUMNS}
          actions={(l) => <EditLink href={`/admin/vo2_max/${l.id}/edit`} name={l.level_name} />}
          list={query}
          className="catalogue-table"
          empty="No VO2 max levels on this page."
          pagesLabel="VO2 max level pages"
        />
      )}
    </AdminScreen>
  );
}
