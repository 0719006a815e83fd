import { featureAllowed } from '../../auth/session.ts';
import { useAuth } from '../../auth/store.ts';
import { CLIENT_CONFIG } from '../../config.ts';
import { BoltIcon, BookIcon, ChannelsIcon, CommunityIcon, ExternalIcon } from '../../components/ui/icons.tsx';
import { LinkTile, LockedTile, TileBody } from '../../components/ui/Tile.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** Ground Zero: the member's start page with the Evolution, Channels, Community and Introduction tiles. */
export default function GatewayPage() {
  const { access, user } = useAuth();
  const evolutionOpen = featureAllowed(access, 'evolution_page');
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow={user ? `Welcome, ${user.name}` : 'Welcome'} title="Ground Zero" />
      <ul className="tiles">
        <li>
          {evolutionOpen ? (
            <LinkTile
              href="/evolution"
              icon={<BoltIcon />}
              title="Evolution"
              text="Your chamber: scores, body metrics and versions."
              feature
            />
          ) : (
            <LockedTile
              icon={<BoltIcon />}
              title="Evolution"
              text="Unlocks when you finish your calibration."
              label="Locked"
            />
          )}
        </li>
        <li>
          <LinkTile
            href="/channel-menu"
            icon={<ChannelsIcon />}
            title="Channels"
            text="Warrior training, Superhuman nutrition and more."
          />
        </li>
        <li>
          {CLIENT_CONFIG.communityUrl ? (
            <a href={CLIENT_CONFIG.communityUrl} className="tile" target="_blank" rel="noopener noreferrer">
              <TileBody
                icon={<CommunityIcon />}
                title="Community"
                text="Train alongside other members."
                badge={
                  <span className="tile__badge tile__badge--plain">
                    <ExternalIcon /> <span className="visually-hidden">(opens in a new tab)</span>
                  </span>
                }
              />
            </a>
          ) : (
            <LockedTile
              icon={<CommunityIcon />}
              title="Community"
              text="Train alongside other members."
              label="Coming soon"
            />
          )}
        </li>
        <li>
          <LinkTile
            href="/introduction?type=portal"
            icon={<BookIcon />}
            title="Introduction"
            text="How the programme works, start to finish."
          />
        </li>
      </ul>
    </section>
  );
}
