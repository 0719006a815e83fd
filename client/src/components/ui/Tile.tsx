import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LockIcon } from './icons.tsx';

/** The inside of a gateway tile: icon, title, one line of text and an optional badge. */
export function TileBody({
  icon,
  title,
  text,
  badge,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  badge?: ReactNode;
}) {
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
export function LockedTile({
  icon,
  title,
  text,
  label,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  label: string;
}) {
  return (
    <div className="tile tile--locked" aria-disabled="true">
      <TileBody
        icon={icon}
        title={title}
        text={text}
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
export function LinkTile({
  href,
  icon,
  title,
  text,
  feature,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  text: string;
  feature?: boolean;
}) {
  return (
    <Link href={href} className={feature ? 'tile tile--feature' : 'tile'}>
      <TileBody icon={icon} title={title} text={text} />
    </Link>
  );
}
