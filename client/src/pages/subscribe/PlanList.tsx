import type { ChannelDto, PlanDto, SubscriptionSummary } from '@evolution/shared';
import { ChannelLogo } from '../../components/ChannelLogo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatDuration, formatPounds } from '../../forms/format.ts';
import { useOnline } from '../../offline/OfflineMarker.tsx';
import { planState, type PlanState, type PurchaseMode } from './plans.ts';
import './plans.css';

/** One line on what each channel gives (docs/product.md §5). */
export const CHANNEL_BLURB: Record<string, string> = {
  warrior: 'Training: calibration tests, dynamic evolution versions, technique guides.',
  superhuman: 'Training and nutrition: everything in Warrior, plus macro guidance and meal plans.',
  immortal: 'The next tier. Listed for what is to come: it cannot be bought yet.',
};

const BADGE: Record<Exclude<PlanState, 'available'>, { text: string; className: string }> = {
  current: { text: 'Current', className: 'badge badge--accent' },
  inactive: { text: 'Unavailable', className: 'badge' },
  unpurchasable: { text: 'Coming soon', className: 'badge' },
};

export interface PlanListProps {
  channel: ChannelDto;
  subscription: SubscriptionSummary | null;
  mode: PurchaseMode;
  onChoose: (plan: PlanDto) => void;
  /** Heading level of the channel's name: h1 on a channel's own page, h2 in the full list. */
  headingLevel?: 1 | 2;
}

/** A channel's plans as prices in pounds with their duration, each with INITIATE; the current plan marked and disabled. */
export function PlanList({ channel, subscription, mode, onChoose, headingLevel = 2 }: PlanListProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // A purchase needs the payment provider and the server: offline, no plan can be started.
  const online = useOnline();
  // A plan an admin took off sale is not offered; the member who holds it still sees it as current.
  const plans = channel.plans.filter((plan) => planState(plan, channel, subscription) !== 'inactive');
  const headingId = `channel-${channel.short_name}`;
  return (
    <section className="channel-plans" aria-labelledby={headingId}>
      <header className="channel-plans__head">
        <span className={`channel-plans__logo channel-plans__logo--${channel.short_name}`}>
          <ChannelLogo shortName={channel.short_name} />
        </span>
        <div>
          <Heading id={headingId} className={headingLevel === 1 ? 'page__title' : 'channel-plans__title'}>
            {channel.name}
          </Heading>
          {CHANNEL_BLURB[channel.short_name] && <p className="muted">{CHANNEL_BLURB[channel.short_name]}</p>}
        </div>
      </header>
      {plans.length === 0 ? (
        <p className="empty">No plans are offered in this channel yet.</p>
      ) : (
        <ul className="plans">
          {plans.map((plan) => {
            const state = planState(plan, channel, subscription);
            const badge = state === 'available' ? null : BADGE[state];
            return (
              <li key={plan.plan_id} className={`plan-card plan-card--${state}`}>
                <div className="plan-card__head">
                  <span className="plan-card__name">{plan.name}</span>
                  {badge && <span className={badge.className}>{badge.text}</span>}
                </div>
                <p className="plan-card__price">
                  <span className="plan-card__amount">{formatPounds(plan.amount)}</span>
                  <span className="plan-card__per">{formatDuration(plan.duration)}</span>
                </p>
                <Button
                  block
                  variant={state === 'current' ? 'secondary' : 'primary'}
                  disabled={state !== 'available' || mode === 'none' || !online}
                  aria-label={`INITIATE ${plan.name}`}
                  onClick={() => onChoose(plan)}
                >
                  INITIATE
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
