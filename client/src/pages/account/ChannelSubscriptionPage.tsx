import { useState } from 'react';
import { useLocation } from 'wouter';
import { SUBSCRIPTION_MESSAGE, TOAST_MS, type SubscriptionView } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { useRefreshSession } from '../../auth/actions.ts';
import { MEMBER_HOME, UPGRADE_MENU } from '../../auth/places.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Modal.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { formatDate, formatDuration, formatPounds } from '../../forms/format.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { NeedsConnection, OFFLINE_PAYMENTS } from '../../offline/NeedsConnection.tsx';
import { useOnline } from '../../offline/OfflineMarker.tsx';

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  incomplete: 'Payment incomplete',
  canceled: 'Ended',
  unpaid: 'Unpaid',
};

type PeriodFields = Pick<SubscriptionView, 'active' | 'cancel_at_period_end' | 'current_period_end'>;

/** What the period end means: a renewal, the last day of a cancelled plan, or the day an ended one stopped. */
function periodLine(sub: PeriodFields): string | null {
  const end = formatDate(sub.current_period_end);
  if (!end) return null;
  if (!sub.active) return `Ended on ${end}`;
  return sub.cancel_at_period_end ? `Access until ${end}` : `Renews on ${end}`;
}

/** The notice of a cancelled plan that still gives access (docs/product.md §5: the screen says until when). */
function cancelledNotice(sub: PeriodFields): string | null {
  const end = formatDate(sub.current_period_end);
  return sub.active && sub.cancel_at_period_end && end ? `Cancelled: your access lasts until ${end}.` : null;
}

/** What a successful cancel says: the plan and the last day of access (cancel at period end, docs/product.md §5). */
function cancelledMessage(view: Pick<SubscriptionView, 'plan' | 'current_period_end'>): string {
  const plan = view.plan ? `Your ${view.plan.name} plan is cancelled.` : 'Your plan is cancelled.';
  const end = formatDate(view.current_period_end);
  return end ? `${plan} You keep access until ${end}.` : plan;
}

/** /with_menu/channel_subscription: channel, start date, version and phase, plan, period end; Cancel with 'Confirm' / 'Game Over?'. */
export default function ChannelSubscriptionPage() {
  const [, navigate] = useLocation();
  const refreshSession = useRefreshSession();
  const utils = trpc.useUtils();
  const current = trpc.account.subscription.current.useQuery(undefined, { staleTime: 0 });
  const cancel = trpc.account.subscription.cancel.useMutation({ meta: { silentErrors: true } });
  // Choosing the current plan again undoes a pending cancellation (GET user/payment/{id}/change).
  const resume = trpc.account.subscription.changePlan.useMutation({ meta: { silentErrors: true } });
  const [confirming, setConfirming] = useState(false);
  // Cancelling or keeping a plan goes through the payment provider: offline, the buttons wait for the network.
  const online = useOnline();
  const sub = current.data;

  const keepPlan = (planId: number) =>
    resume.mutate(
      { id: planId },
      {
        async onSuccess(view) {
          utils.account.subscription.current.setData(undefined, view);
          await refreshSession().catch(() => undefined);
          toast.success(
            view.plan ? `Your ${view.plan.name} plan carries on.` : 'Your subscription carries on.',
            TOAST_MS.medium,
          );
        },
        onError() {
          toast.danger(SUBSCRIPTION_MESSAGE.resumeFailed, TOAST_MS.medium);
        },
      },
    );

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      async onSuccess(view) {
        utils.account.subscription.current.setData(undefined, view);
        await refreshSession().catch(() => undefined);
        setConfirming(false);
        navigate(MEMBER_HOME);
        // Said on the gateway the spec goes to, so the member knows the plan ended and how long it still gives access.
        toast.success(cancelledMessage(view), TOAST_MS.long);
      },
      onError() {
        setConfirming(false);
        toast.danger(SUBSCRIPTION_MESSAGE.cancelFailed, TOAST_MS.medium);
      },
    });

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Channel Subscription" />
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      <QueryState query={current} loading="Loading your subscription" />
      {sub && !sub.channel_id && (
        <div className="panel">
          <p>You have no subscription yet.</p>
          <ButtonLink href={UPGRADE_MENU}>See the plans</ButtonLink>
        </div>
      )}
      {sub?.channel_id && (
        <div className="panel">
          {cancelledNotice(sub) && (
            <p className="notice notice--warning" role="status">
              {cancelledNotice(sub)}
            </p>
          )}
          <dl className="details">
            <div>
              <dt>Channel</dt>
              <dd>{sub.channel_name}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>{formatDate(sub.start_date) ?? '—'}</dd>
            </div>
            <div>
              <dt>Version and phase</dt>
              <dd>
                {sub.evolution !== null && sub.version !== null
                  ? `v${sub.evolution}.${sub.version} · Phase ${sub.phase ?? 1}`
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>
                {sub.plan
                  ? `${sub.plan.name} · ${formatPounds(sub.plan.amount)} ${formatDuration(sub.plan.duration)}`
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span
                  className={
                    !sub.active ? 'badge' : sub.cancel_at_period_end ? 'badge badge--warning' : 'badge badge--success'
                  }
                >
                  {sub.active && sub.cancel_at_period_end
                    ? 'Cancelled'
                    : (STATUS_TEXT[sub.status ?? ''] ?? sub.status ?? '—')}
                </span>
              </dd>
            </div>
            <div>
              <dt>Period</dt>
              <dd>{periodLine(sub) ?? '—'}</dd>
            </div>
          </dl>
          <div className="panel__actions">
            <ButtonLink href={UPGRADE_MENU} variant="secondary">
              Change plan
            </ButtonLink>
            {sub.active && !sub.cancel_at_period_end && (
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={!online}>
                Cancel
              </Button>
            )}
            {sub.active && sub.cancel_at_period_end && sub.plan && (
              <Button onClick={() => keepPlan(sub.plan!.plan_id)} busy={resume.isPending} disabled={!online}>
                Keep my plan
              </Button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirm"
        text="Game Over?"
        onConfirm={confirmCancel}
        busy={cancel.isPending}
        confirmDisabled={!online}
        danger
      >
        <NeedsConnection text={OFFLINE_PAYMENTS} />
      </ConfirmDialog>
    </section>
  );
}
