import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { deleteAccountInput, TOAST_MS, type DataReadRow } from '@evolution/shared';
import { fieldErrors } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { LOGIN } from '../../auth/places.ts';
import { authStore } from '../../auth/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField } from '../../components/ui/Field.tsx';
import { ConfirmDialog } from '../../components/ui/Modal.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { formatWhen, todayIso } from '../../forms/format.ts';
import { schemaErrors, useForm } from '../../forms/useForm.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';

const READ_COLUMNS: readonly StaticColumn<DataReadRow>[] = [
  { label: 'When', cell: (r) => <time dateTime={r.created_at}>{formatWhen(r.created_at)}</time> },
  { label: 'Who', cell: (r) => r.admin_name },
  { label: 'What', cell: (r) => r.what },
];

/** Who read the member's health data and when (docs/product.md §7: admins' reads are written to an audit log). */
function HealthDataReads() {
  const [page, setPage] = useState(1);
  const reads = trpc.account.dataReads.useQuery({ page }, { staleTime: 0, placeholderData: (prev) => prev });
  const rows = reads.data?.data ?? [];
  return (
    <Panel titleId="reads-title" title="Who has read your health data">
      <p className="muted">
        Each time one of our coaches opens your questionnaire, fact-find, evolution chamber and photos, or macro data,
        it is listed here.
      </p>
      <QueryState query={reads} loading="Loading who read your data" />
      {reads.isSuccess && rows.length === 0 && <p className="empty">Nobody has read your health data.</p>}
      {rows.length > 0 && (
        <StaticTable
          caption={<caption className="visually-hidden">Reads of your health data, newest first</caption>}
          columns={READ_COLUMNS}
          rows={rows}
          rowKey={(r) => r.id}
        />
      )}
      {reads.data && (
        <Pagination page={page} lastPage={reads.data.meta.last_page} onChange={setPage} label="Pages of reads" />
      )}
    </Panel>
  );
}

/** Saves a value as a JSON file through a temporary link. */
function downloadJson(value: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /with_menu/your_data: a copy of everything stored about the member, and account deletion (UK GDPR rights of access and erasure). */
export default function YourDataPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ password: '' }, (v) => schemaErrors(deleteAccountInput, v, ['password']), ['password']);
  const remove = trpc.account.deleteAccount.useMutation();

  const download = async () => {
    setDownloading(true);
    try {
      downloadJson(
        await utils.account.exportData.fetch(undefined, { staleTime: 0 }),
        `evolution-data-${todayIso()}.json`,
      );
    } catch {
      // The error catalogue has already said why.
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = () =>
    remove.mutate(form.values, {
      onSuccess(res) {
        setConfirming(false);
        toast.success(res.message, TOAST_MS.medium);
        authStore.clear();
        queryClient.clear();
        navigate(LOGIN, { replace: true });
      },
      onError(error) {
        setConfirming(false);
        form.setServerErrors(fieldErrors(error));
      },
    });

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Your Data">
        <p className="muted">
          Under UK data-protection law you may have a copy of everything we hold about you, and you may have it erased.
        </p>
      </PageHeader>
      <Panel titleId="download-title" title="Download your data">
        <p className="muted">
          Your account, contact details, questionnaire, fact-find, subscription and programme, in one JSON file.
        </p>
        <div className="panel__actions">
          <Button variant="secondary" busy={downloading} onClick={download}>
            Download (JSON)
          </Button>
        </div>
      </Panel>
      <HealthDataReads />
      <Panel titleId="delete-title" title="Delete your account" className="panel--danger">
        <p className="muted">
          Your subscription ends at once and every record of your account is erased. This cannot be undone: download
          your data first if you want a copy.
        </p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            if (form.attempt(e)) setConfirming(true);
          }}
        >
          <PasswordField
            kind="current"
            label="Password"
            hint="Enter your password to confirm it is you."
            {...form.bind('password')}
          />
          <div className="panel__actions">
            <Button type="submit" variant="danger">
              Delete account
            </Button>
          </div>
        </form>
      </Panel>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        text="Your account and all its data will be erased for good."
        confirmLabel="Yes, delete"
        cancelLabel="No"
        onConfirm={confirmDelete}
        busy={remove.isPending}
        danger
      />
    </section>
  );
}
