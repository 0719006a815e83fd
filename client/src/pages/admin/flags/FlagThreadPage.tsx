import { Link } from 'wouter';
import { FLAG_MESSAGE } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { FlagReplyForm, FlagStatusBadge, FlagThread } from '../../flags/flagThread.tsx';
import { useFlagThreadScreen } from '../../flags/flagLive.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { ADMIN_FLAG_LIST } from './FlagManagementPage.tsx';

/**
 * /admin/assistance_flag/{id}: the thread; a coach replies while it is open and closes it after 'YOU SURE?', then the
 * list from page 1. A closed flag shows no reply box. The member's replies arrive live.
 */
export default function FlagThreadPage({ params }: PageProps) {
  const id = Number(params.id);
  const utils = trpc.useUtils();
  const flag = trpc.admin.flags.get.useQuery({ id }, { staleTime: 0 });
  const reply = trpc.admin.flags.reply.useMutation();
  const close = trpc.admin.flags.close.useMutation();
  const { data, isOpen, replyShown, showSaved, confirming, setConfirming, confirmClose } = useFlagThreadScreen({
    id,
    flag,
    close,
    cache: utils.admin.flags,
    list: ADMIN_FLAG_LIST,
  });

  return (
    <AdminScreen
      title={data?.subject ?? 'Assistance Flag'}
      back={{ href: ADMIN_FLAG_LIST, label: 'Assistance Flags' }}
      actions={
        isOpen && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            CLOSE
          </Button>
        )
      }
      className="page--narrow"
    >
      <QueryState query={flag} loading="Loading the assistance flag" />
      {data && (
        <>
          <p className="flag-meta">
            <FlagStatusBadge status={data.status} />
            <span>
              From <Link href={`/admin/user/${data.user_id}`}>{data.from}</Link>
            </span>
            <span>Opened {formatWhen(data.created_at)}</span>
            {data.closed_at && <span>Closed {formatWhen(data.closed_at)}</span>}
          </p>
          <FlagThread flag={data} viewer="coach" />
          {replyShown && <FlagReplyForm flagId={id} reply={reply} onSent={showSaved} closed={!isOpen} />}
          {!isOpen && <p className="flag-closed-note">This assistance flag is closed: it takes no more replies.</p>}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FLAG_MESSAGE.adminConfirmClose}
        text="The member is emailed that the flag is closed, and it takes no more replies."
        busy={close.isPending}
        onConfirm={confirmClose}
      />
    </AdminScreen>
  );
}
