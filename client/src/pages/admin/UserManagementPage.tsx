import { keepPreviousData } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ROLE } from '@evolution/shared/constants';
import type { AdminUserRow } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { DataTable, type Column } from '../../components/table/DataTable.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { AdminScreen } from './common/AdminScreen.tsx';
import { EditLink, ViewLink } from './common/RowActions.tsx';
import { FilterSelect, SearchBox } from './common/SearchBox.tsx';
import { listHref, readPage, useListQuery } from './common/listQuery.ts';

const PATH = '/admin/user_management';

/** The list state lives in the query string: page, search and categoryId (docs/spec/admin.md §2). */
export interface UserListQuery {
  page: number;
  search: string;
  categoryId: number | undefined;
}

export function readUserListQuery(params: URLSearchParams): UserListQuery {
  const category = Number.parseInt(params.get('categoryId') ?? '', 10);
  return {
    page: readPage(params.get('page')),
    search: params.get('search') ?? '',
    categoryId: category === ROLE.member || category === ROLE.admin ? category : undefined,
  };
}

export const userListHref = (q: UserListQuery): string =>
  listHref(PATH, { page: q.page, search: q.search, categoryId: q.categoryId });

const TYPE_LABEL: Record<1 | 2, string> = { 1: 'User', 2: 'Admin' };

const USER_COLUMNS: readonly Column<AdminUserRow>[] = [
  { key: 'id', label: 'ID', value: (u) => u.id },
  { key: 'name', label: 'Name', value: (u) => u.name, truncate: true },
  { key: 'email', label: 'Email', value: (u) => u.email, truncate: true, className: 'table__email' },
  {
    key: 'type',
    label: 'Type',
    value: (u) => TYPE_LABEL[u.user_type],
    cell: (u) => (
      <span className={u.user_type === ROLE.admin ? 'badge badge--accent' : 'badge'}>{TYPE_LABEL[u.user_type]}</span>
    ),
  },
  { key: 'subscriber', label: 'Subscriber', value: (u) => (u.subscriber ? 'Yes' : 'No') },
];

/** User Management: searchable, filterable, paged list of accounts. */
export default function UserManagementPage() {
  const [, navigate] = useLocation();
  const query = readUserListQuery(useQueryParams());

  const list = useListQuery(PATH);
  const users = trpc.admin.users.list.useQuery(
    {
      page: query.page,
      search: query.search,
      ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const go = (next: Partial<UserListQuery>) => navigate(userListHref({ ...query, ...next }));

  return (
    <AdminScreen title="User Management" actions={<ButtonLink href="/admin/user/create">Create user</ButtonLink>}>
      <div className="toolbar">
        <SearchBox
          id="user-search"
          label="Search users by name or email"
          placeholder="Search name or email"
          search={query.search}
          onSearch={(search) => go({ search, page: 1 })}
        />
        <FilterSelect
          id="user-category"
          label="Type"
          value={query.categoryId}
          onChange={(value) => go({ categoryId: value ? Number(value) : undefined, page: 1 })}
        >
          <option value="">All</option>
          <option value={ROLE.member}>Users</option>
          <option value={ROLE.admin}>Admins</option>
        </FilterSelect>
      </div>

      <DataTable
        from={users}
        caption="Users"
        columns={USER_COLUMNS}
        actions={(u) => (
          <>
            {u.user_type !== ROLE.admin && <ViewLink href={`/admin/user/${u.id}`} name={u.name} />}
            <EditLink href={`/admin/user/${u.id}/edit`} name={u.name} />
          </>
        )}
        list={list}
        loading="Loading users"
        failed="The user list could not be loaded."
        empty="No users found."
        pagesLabel="User list pages"
      />
    </AdminScreen>
  );
}
