import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AuditLogRow } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { FilterSelect } from '../common/SearchBox.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { formatWhen } from '../../../forms/format.ts';
import { AUDIT_LOG_PATH, auditLogHref, readFilterId } from './auditQuery.ts';
import './audit.css';

/**
 * /admin/audit_log: every admin read of a member's health data (PAR-Q, fact-find, chamber and photos, macro data),
 * newest first, paged; filtered by member and by admin, with page and filters in the query string.
 */
export default function AuditLogPage() {
  const list = useListQuery(AUDIT_LOG_PATH);
  const memberId = readFilterId(list.params.get('member_id'));
  const adminId = readFilterId(list.params.get('admin_id'));
  const [memberText, setMemberText] = useState(memberId ? String(memberId) : '');
  useEffect(() => setMemberText(memberId ? String(memberId) : ''), [memberId]);

  const log = trpc.admin.audit.list.useQuery(
    { page: list.page, ...(memberId ? { member_id: memberId } : {}), ...(adminId ? { admin_id: adminId } : {}) },
    { staleTime: 0, placeholderData: keepPreviousData },
  );
  const admins = trpc.admin.audit.admins.useQuery();
  const filtered = memberId !== undefined || adminId !== undefined;

  const columns: readonly Column<AuditLogRow>[] = [
    {
      key: 'when',
      label: 'When',
      value: (r) => r.created_at,
      cell: (r) => <time dateTime={r.created_at}>{formatWhen(r.created_at)}</time>,
    },
    {
      key: 'admin',
      label: 'Admin',
      value: (r) => r.admin_name,
      cell: (r) =>
        r.admin_id === null ? (
          <span className="muted">A former admin</span>
        ) : (
          <Link
            href={auditLogHref({ admin_id: r.admin_id, member_id: memberId })}
            className="link"
            title="Show this admin's reads"
          >
            {r.admin_name}
          </Link>
        ),
    },
    {
      key: 'member',
      label: 'Member',
      value: (r) => r.member_name,
      cell: (r) =>
        r.member_id === null ? (
          <span className="muted">Unknown</span>
        ) : (
          <>
            <Link
              href={auditLogHref({ member_id: r.member_id, admin_id: adminId })}
              className="link"
              title="Show the reads of this member"
            >
              {r.member_name ?? `Deleted member ${r.member_id}`}
            </Link>
            <span className="audit__member-id">ID {r.member_id}</span>
          </>
        ),
    },
    { key: 'what', label: 'What', value: (r) => r.what, truncate: true },
    { key: 'ip', label: 'IP address', className: 'audit__ip', value: (r) => r.ip, cell: (r) => r.ip ?? '—' },
  ];

  const submitMember = (e: FormEvent) => {
    e.preventDefault();
    list.go({ member_id: readFilterId(memberText.trim()) });
  };

  return (
    <AdminScreen title="Audit Log">
      <p className="muted audit__intro">
        Every time an admin reads a member&apos;s health data: the PAR-Q, the fact-find, the evolution chamber and its
        photos, the macro data.
      </p>

      <div className="toolbar audit__filters">
        <form className="toolbar__filter" role="search" aria-label="Filter by member" onSubmit={submitMember}>
          <label htmlFor="audit-member" className="field__label">
            Member ID
          </label>
          <div className="audit__member-row">
            <input
              id="audit-member"
              className="field__input audit__member-input"
              inputMode="numeric"
              pattern="[0-9]*"
              value={memberText}
              onChange={(e) => setMemberText(e.target.value)}
            />
            <button type="submit" className="button button--secondary">
              Filter
            </button>
          </div>
        </form>
        <FilterSelect
          id="audit-admin"
          label="Admin"
          value={adminId}
          onChange={(value) => list.go({ admin_id: readFilterId(value) })}
        >
          <option value="">All admins</option>
          {(admins.data ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </FilterSelect>
        {filtered && (
          <ButtonLink href={AUDIT_LOG_PATH} variant="ghost">
            Clear filters
          </ButtonLink>
        )}
      </div>

      <DataTable
        from={log}
        caption={<>Reads of members&apos; health data, newest first</>}
        columns={columns}
        list={list}
        loading="Loading the audit log"
        failed="The audit log could not be loaded."
        empty={filtered ? 'No reads match these filters.' : 'No admin has read any member\u2019s health data yet.'}
        pagesLabel="Audit log pages"
      />
    </AdminScreen>
  );
}
