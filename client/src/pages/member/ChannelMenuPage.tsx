import { Link } from 'wouter';
import { CHANNEL, type AccessFlag } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { UPGRADE_MENU } from '../../auth/places.ts';
import { featureAllowed } from '../../auth/session.ts';
import { useAuth } from '../../auth/store.ts';
import { ChannelLogo } from '../../components/ChannelLogo.tsx';
import { LockIcon } from '../../components/ui/icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

interface ChannelTile {
  id: number;
  short: string;
  name: string;
  text: string;
  /** Its ground zero; immortal has none (listed, not clickable). */
  home: string | null;
  flag: AccessFlag;
}

/** The channels in the order and names of the spec; names from the server when it has answered. */
const CHANNELS: readonly ChannelTile[] = [
  {
    id: CHANNEL.warrior,
    short: 'warrior',
    name: 'Warrior',
    text: 'Training: calibration, dynamic evolution, technique guides.',
    home: '/warrior/ground-zero',
    flag: 'warrior_channel',
  },
  {
    id: CHANNEL.superhuman,
    short: 'superhuman',
    name: 'Superhuman',
    text: 'Nutrition: macro guidance and meal plans; its plan includes Warrior training.',
    home: '/superhuman/ground-zero',
    flag: 'superhuman_channel',
  },
  {
    id: CHANNEL.immortal,
    short: 'immortal',
    name: 'Immortal',
    text: 'The next tier: coming soon.',
    home: null,
    flag: 'immortal_channel',
  },
];

/** /channel-menu: warrior and superhuman open their ground zero with an active subscription, else the upgrade menu; immortal is listed only. */
export default function ChannelMenuPage() {
  const { subscription, access } = useAuth();
  const channels = trpc.channels.list.useQuery();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Ground Zero" title="Channels" />
      <ul className="tiles tiles--three">
        {CHANNELS.map((c) => {
          const name = channels.data?.find((ch) => ch.id === c.id)?.name ?? c.name;
          const body = (
            <>
              <span className={`tile__logo channel-plans__logo--${c.short}`}>
                <ChannelLogo shortName={c.short} />
              </span>
              <span className="tile__title">{name}</span>
              <span className="tile__text">{c.text}</span>
            </>
          );
          if (!c.home) {
            return (
              <li key={c.id}>
                <div className="tile tile--locked" aria-disabled="true">
                  {body}
                  <span className="tile__badge">
                    <LockIcon /> Coming soon
                  </span>
                </div>
              </li>
            );
          }
          const open = Boolean(subscription?.active) && featureAllowed(access, c.flag);
          return (
            <li key={c.id}>
              <Link href={open ? c.home : UPGRADE_MENU} className="tile">
                {body}
                {!open && (
                  <span className="tile__badge">
                    <LockIcon /> Upgrade
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
