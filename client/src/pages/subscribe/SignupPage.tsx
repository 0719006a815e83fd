import { Link } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { useAuth } from '../../auth/store.ts';
import { PlanList } from './PlanList.tsx';
import { usePurchase } from './usePurchase.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { NeedsConnection, OFFLINE_PAYMENTS } from '../../offline/NeedsConnection.tsx';
import './plans.css';

/** /signup: every channel's plans; INITIATE registers and subscribes in one dialog. */
export default function SignupPage() {
  const channels = trpc.channels.list.useQuery();
  const { subscription } = useAuth();
  const { mode, choose, dialog } = usePurchase();
  return (
    <section className="page page--plans" aria-labelledby="page-title">
      <PageHeader eyebrow="Join" title="Subscription Plans">
        <p className="muted">
          Pick a channel and a plan. Prices are in pounds; cancel any time and keep access until the period you paid for
          ends.
        </p>
      </PageHeader>
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      <QueryState query={channels} loading="Loading plans" error="The plans could not be loaded." />
      {channels.data?.map((channel) => (
        <PlanList
          key={channel.id}
          channel={channel}
          subscription={subscription}
          mode={mode}
          onChoose={(plan) => choose(channel, plan)}
        />
      ))}
      {mode === 'register' && (
        <p className="page__footer muted">
          Already a member?{' '}
          <Link href="/login" className="link">
            Log in
          </Link>
        </p>
      )}
      {dialog}
    </section>
  );
}
