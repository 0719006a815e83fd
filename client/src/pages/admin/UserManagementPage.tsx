import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { ROLE } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useQueryParams } from '../../router/useQueryParams.ts';

const PATH = '/admin/user_management';

/** The list state lives in the query string: page, search and categoryId (admin.md section 2). */
export interface UserListQuery {
  page: number;
  search: string;
  categoryId: number | undefined;
}

export function readUserListQuery(params: URLSearchParams): UserListQuery {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const category = Number.parseInt(params.get('categoryId') ?? '', 10);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    search: params.get('search') ?? '',
    categoryId: category === ROLE.member || category === ROLE.admin ? category : undefined,
  };
}

export function userListHref(q: UserListQuery): string {
  const params = new URLSearchParams();
  if (q.page > 1) params.set('page', String(q.page));
  if (q.search) params.set('search', q.search);
  if (q.categoryId !== undefined) params.set('categoryId', String(q.categoryId));
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

const TYPE_LABEL: Record<1 | 2, string> = { 1: 'User', 2: 'Admin' };

/** User Management: searchable, filterable, paged list of accounts. */
export default function UserManagementPage() {
  const [, navigate] = useLocation();
  const query = readUserListQuery(useQueryParams());
  const [searchText, setSearchText] = useState(query.search);
  useEffect(() => setSearchText(query.search), [query.search]);

  const list = trpc.admin.users.list.useQuery(
    { page: query.page, search: query.search, ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}) },
    { placeholderData: keepPreviousData },
  );
  const go = (next: Partial<UserListQuery>) => navigate(userListHref({ ...query, ...next }));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ search: searchText.trim(), page: 1 });
  };

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header page__header--split">
        <div>
          <p className="eyebrow">Admin</p>
          <h1 id="page-title" className="page__title">
            User Management
          </h1>
        </div>
        <Link href="/admin/user/create" className="button button--primary">
          Create user
        </Link>
      </header>

      <div className="toolbar">
        <form className="toolbar__search" role="search" onSubmit={submitSearch}>
          <label htmlFor="user-search" className="visually-hidden">
            Search users by name or email
          </label>
          <input
            id="user-search"
            type="search"
            className="field__input"
            placeholder="Search name or email"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            <SearchIcon /> Search
          </button>
        </form>
        <div className="toolbar__filter">
          <label htmlFor="user-category" className="field__label">
            Type
          </label>
          <select
            id="user-category"
            className="field__input"
            value={query.categoryId ?? ''}
            onChange={(e) => go({ categoryId: e.target.value ? Number(e.target.value) : undefined, page: 1 })}
          >
            <option value="">All</option>
            <option value={ROLE.member}>Users</option>
            <option value={ROLE.admin}>Admins</option>
          </select>
        </div>
      </div>

      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className="table">
          <caption className="visually-hidden">
            Users{meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Type</th>
              <th scope="col">Subscriber</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td data-label="ID">{u.id}</td>
                <td data-label="Name">{u.name}</td>
                <td data-label="Email" className="table__email">
                  {u.email}
                </td>
                <td data-label="Type">
                  <span className={u.user_type === ROLE.admin ? 'badge badge--accent' : 'badge'}>{TYPE_LABEL[u.user_type]}</span>
                </td>
                <td data-label="Subscriber">{u.subscriber ? 'Yes' : 'No'}</td>
                <td className="table__actions-cell">
                  <div className="table__actions">
                    {u.user_type !== ROLE.admin && (
                      <Link href={`/admin/user/${u.id}`} className="button button--secondary button--sm" aria-label={`View ${u.name}`}>
                        VIEW
                      </Link>
                    )}
                    <Link href={`/admin/user/${u.id}/edit`} className="button button--ghost button--sm" aria-label={`Edit ${u.name}`}>
                      EDIT
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <Spinner label="Loading users" />}
        {list.isError && !list.data && <p className="empty">The user list could not be loaded.</p>}
        {list.isSuccess && rows.length === 0 && <p className="empty">No users found.</p>}
      </div>

      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => go({ page })} label="User list pages" />}
    </section>
  );
}
