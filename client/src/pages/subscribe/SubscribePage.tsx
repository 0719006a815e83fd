import { Link } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { MEMBER_HOME, UPGRADE_MENU } from '../../auth/places.ts';
import { useAuth } from '../../auth/store.ts';
import type { PageProps } from '../../router/routeTypes.ts';
import { PlanList } from './PlanList.tsx';
import { usePurchase } from './usePurchase.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { NeedsConnection, OFFLINE_PAYMENTS } from '../../offline/NeedsConnection.tsx';
import './plans.css';

/** /subscribe/{channel} and /upgrade/{channel}: the channel's plans in pounds with duration, INITIATE opening the dialog. */
export default function SubscribePage({ params, route }: PageProps) {
  const channels = trpc.channels.list.useQuery();
  const { subscription } = useAuth();
  const { mode, choose, dialog } = usePurchase();
  const channel = channels.data?.find((c) => c.short_name === params.channel);
  const here = `/${route.path.split('/')[1]}/${params.channel ?? ''}`;

  return (
    <section className="page page--plans">
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      <p className="eyebrow">{route.title}</p>
      <QueryState query={channels} loading="Loading plans" error="The plans could not be loaded." />
      {channels.isSuccess && !channel && (
        <>
          <h1 className="page__title">Channel not found</h1>
          <p className="muted">
            There is no channel called “{params.channel}”.{' '}
            <Link href="/signup" className="link">
              See every plan
            </Link>
          </p>
        </>
      )}
      {channel && (
        <PlanList
          channel={channel}
          subscription={subscription}
          mode={mode}
          onChoose={(plan) => choose(channel, plan)}
          headingLevel={1}
        />
      )}
      {mode === 'none' && channel && (
        <p className="notice notice--info">Plans are bought from a member account; administrators cannot subscribe.</p>
      )}
      {mode === 'register' && (
        <p className="page__footer muted">
          Already a member?{' '}
          <Link href={`/login?redirect=${encodeURIComponent(here)}`} className="link">
            Log in
          </Link>{' '}
          ·{' '}
          <Link href="/signup" className="link">
            All plans
          </Link>
        </p>
      )}
      {(mode === 'change' || mode === 'subscribe') && (
        <p className="page__footer muted">
          <Link href={MEMBER_HOME} className="link">
            Back to Ground Zero
          </Link>{' '}
          ·{' '}
          <Link href={UPGRADE_MENU} className="link">
            All channels
          </Link>
        </p>
      )}
      {dialog}
    </section>
  );
}
