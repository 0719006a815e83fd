import { Link } from 'wouter';
import { CHANNEL } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { YOUR_DATA } from '../../auth/places.ts';
import { useAuth } from '../../auth/store.ts';
import { ChannelLogo } from '../../components/ChannelLogo.tsx';
import { formatDate, formatDuration, formatPounds } from '../../forms/format.ts';
import { CHANNEL_BLURB } from './PlanList.tsx';
import { cheapestPlan, hasActivePlan } from './plans.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { NeedsConnection, OFFLINE_PAYMENTS } from '../../offline/NeedsConnection.tsx';

/** /with_menu/upgrade: each channel's logo links to its upgrade page; inactive ones are disabled; the current one is badged. */
export default function UpgradeMenuPage() {
  const channels = trpc.channels.list.useQuery();
  const { subscription } = useAuth();
  const active = hasActivePlan(subscription);
  const currentChannel = active ? subscription.channel?.id : undefined;
  const until = formatDate(subscription?.current_period_end);

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Plans" title="Upgrade" />
      <NeedsConnection text={OFFLINE_PAYMENTS} />
      {!active && (
        <p className="notice notice--warning" role="status">
          {/* One child: the notice is a column flex, which would put each bit of inline text on its own line. */}
          <span>
            {subscription?.channel
              ? `Your ${subscription.channel.name} subscription has ended.`
              : 'You have no active subscription.'}{' '}
            Choose a channel to carry on training. Your data stays yours:{' '}
            <Link href={YOUR_DATA}>download it or delete your account</Link>.
          </span>
        </p>
      )}
      {active && subscription.cancel_at_period_end && until && (
        <p className="notice notice--info">
          Your subscription is cancelled: your access lasts until {until}. Choosing another plan, or Keep my plan on the
          Channel Subscription screen, keeps it going.
        </p>
      )}
      <QueryState query={channels} loading="Loading channels" error="The channels could not be loaded." />
      <ul className="tiles tiles--three">
        {channels.data?.map((channel) => {
          const cheapest = cheapestPlan(channel);
          const open = channel.active && channel.id !== CHANNEL.immortal && cheapest !== null;
          const current = channel.id === currentChannel;
          const body = (
            <>
              <span className={`tile__logo channel-plans__logo--${channel.short_name}`}>
                <ChannelLogo shortName={channel.short_name} />
              </span>
              <span className="tile__title">{channel.name}</span>
              <span className="tile__text">{CHANNEL_BLURB[channel.short_name] ?? ''}</span>
              {cheapest && open && (
                <span className="tile__price">
                  from {formatPounds(cheapest.amount)} {formatDuration(cheapest.duration)}
                </span>
              )}
              {current && <span className="tile__badge tile__badge--accent">current</span>}
              {!open && !current && (
                <span className="tile__badge">{channel.id === CHANNEL.immortal ? 'Coming soon' : 'Unavailable'}</span>
              )}
            </>
          );
          return (
            <li key={channel.id}>
              {open ? (
                <Link href={`/upgrade/${channel.short_name}`} className={current ? 'tile tile--current' : 'tile'}>
                  {body}
                </Link>
              ) : (
                <div className="tile tile--locked" aria-disabled="true">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
