import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ExternalIcon, LockIcon } from './icons.tsx';

/** What every tile shows. */
interface TileFace {
  icon: ReactNode;
  title: string;
  text: string;
}

/** The inside of a gateway tile: icon, title, one line of text and an optional badge. */
function TileBody({ icon, title, text, badge }: TileFace & { badge?: ReactNode }) {
  return (
    <>
      <span className="tile__icon">{icon}</span>
      <span className="tile__title">{title}</span>
      <span className="tile__text">{text}</span>
      {badge}
    </>
  );
}

/** A tile that cannot be opened yet: not a link, announced as disabled, with a lock badge saying why. */
function LockedTile({ label, ...face }: TileFace & { label: string }) {
  return (
    <div className="tile tile--locked" aria-disabled="true">
      <TileBody
        {...face}
        badge={
          <span className="tile__badge">
            <LockIcon /> {label}
          </span>
        }
      />
    </div>
  );
}

/** A tile that opens a screen of the app; `feature` gives it the accent of the page's main way on. */
export function LinkTile({ href, feature, ...face }: TileFace & { href: string; feature?: boolean | undefined }) {
  return (
    <Link href={href} className={feature ? 'tile tile--feature' : 'tile'}>
      <TileBody {...face} />
    </Link>
  );
}

/** A tile that opens another site in a new tab, its badge saying so. */
function ExternalTile({ href, ...face }: TileFace & { href: string }) {
  return (
    <a href={href} className="tile" target="_blank" rel="noopener noreferrer">
      <TileBody
        {...face}
        badge={
          <span className="tile__badge tile__badge--plain">
            <ExternalIcon /> <span className="visually-hidden">(opens in a new tab)</span>
          </span>
        }
      />
    </a>
  );
}

/** One tile of a list: a screen of the app (`href`), another site (`external`) or not open yet (`locked`, why). */
type TileSpec = TileFace & ({ href: string; feature?: boolean } | { external: string } | { locked: string });

/** A page's tiles in order, titles unique; `three` sets them three to a row. */
export function TileList({ tiles, three }: { tiles: readonly TileSpec[]; three?: boolean }) {
  return (
    <ul className={three ? 'tiles tiles--three' : 'tiles'}>
      {tiles.map((tile) => (
        <li key={tile.title}>
          {'href' in tile ? (
            <LinkTile {...tile} />
          ) : 'external' in tile ? (
            <ExternalTile {...tile} href={tile.external} />
          ) : (
            <LockedTile {...tile} label={tile.locked} />
          )}
        </li>
      ))}
    </ul>
  );
}
