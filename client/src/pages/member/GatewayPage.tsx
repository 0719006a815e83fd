import { featureAllowed } from '../../auth/session.ts';
import { useAuth } from '../../auth/store.ts';
import { CLIENT_CONFIG } from '../../config.ts';
import { BoltIcon, BookIcon, ChannelsIcon, CommunityIcon } from '../../components/ui/icons.tsx';
import { TileList } from '../../components/ui/Tile.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Ground Zero: the member's start page with the Evolution, Channels, Community and Introduction tiles. */
export default function GatewayPage() {
  const { access, user } = useAuth();
  const evolutionOpen = featureAllowed(access, 'evolution_page');
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow={user ? `Welcome, ${user.name}` : 'Welcome'} title="Ground Zero" />
      <TileList
        tiles={[
          evolutionOpen
            ? {
                href: '/evolution',
                icon: <BoltIcon />,
                title: 'Evolution',
                text: 'Your chamber: scores, body metrics and versions.',
                feature: true,
              }
            : {
                locked: 'Locked',
                icon: <BoltIcon />,
                title: 'Evolution',
                text: 'Unlocks when you finish your calibration.',
              },
          {
            href: '/channel-menu',
            icon: <ChannelsIcon />,
            title: 'Channels',
            text: 'Warrior training, Superhuman nutrition and more.',
          },
          CLIENT_CONFIG.communityUrl
            ? {
                external: CLIENT_CONFIG.communityUrl,
                icon: <CommunityIcon />,
                title: 'Community',
                text: 'Train alongside other members.',
              }
            : {
                locked: 'Coming soon',
                icon: <CommunityIcon />,
                title: 'Community',
                text: 'Train alongside other members.',
              },
          {
            href: '/introduction?type=portal',
            icon: <BookIcon />,
            title: 'Introduction',
            text: 'How the programme works, start to finish.',
          },
        ]}
      />
    </section>
  );
}
