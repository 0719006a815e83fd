import { Link } from 'wouter';
import { FLAG_MESSAGE } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import type { PageProps } from '../../router/routeTypes.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Modal.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { formatWhen } from '../../forms/format.ts';
import { FLAG_LIST } from './FlagListPage.tsx';
import { FlagReplyForm, FlagStatusBadge, FlagThread } from './flagThread.tsx';
import { useFlagThreadScreen } from './flagLive.ts';

/**
 * /with_menu/assistance_flags/{id}: the thread with every response; a reply box only while open; close after
 * 'Are you sure about closing this assistance flag?', then the list from page 1. A coach's reply or close arrives live.
 */
export default function FlagThreadPage({ params }: PageProps) {
  const id = Number(params.id);
  const utils = trpc.useUtils();
  const flag = trpc.flags.get.useQuery({ id }, { staleTime: 0 });
  const reply = trpc.flags.reply.useMutation();
  const close = trpc.flags.close.useMutation();
  const { data, isOpen, replyShown, showSaved, confirming, setConfirming, confirmClose } = useFlagThreadScreen({
    id,
    flag,
    close,
    cache: utils.flags,
    list: FLAG_LIST,
  });

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      {/* No eyebrow: the back link already names the list, and a second 'Assistance flag' read as a repeat. */}
      <PageHeader back={{ href: FLAG_LIST, label: 'Assistance Flags' }} title={data?.subject ?? 'Assistance Flag'}>
        {data && (
          <p className="flag-meta">
            <FlagStatusBadge status={data.status} />
            <span>Opened {formatWhen(data.created_at)}</span>
            {data.closed_at && <span>Closed {formatWhen(data.closed_at)}</span>}
          </p>
        )}
      </PageHeader>
      <QueryState query={flag} loading="Loading the assistance flag" />
      {data && (
        <>
          <FlagThread flag={data} viewer="member" />
          {replyShown && <FlagReplyForm flagId={id} reply={reply} onSent={showSaved} closed={!isOpen} />}
          {isOpen ? (
            <div className="flag-actions">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Close this flag
              </Button>
            </div>
          ) : (
            <p className="flag-closed-note">
              This assistance flag is closed. Still need help? <Link href={`${FLAG_LIST}/create`}>Open a new one</Link>.
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Close assistance flag"
        text={FLAG_MESSAGE.memberConfirmClose}
        busy={close.isPending}
        onConfirm={confirmClose}
      />
    </section>
  );
}
