import { Link } from 'wouter';
import './TabLinks.css';

interface TabLink {
  key: string;
  href: string;
  label: string;
}

/** Tabs that are links (each its own route): the current one is marked for screen readers with aria-current. */
export function TabLinks({
  label,
  links,
  current,
  className,
}: {
  label: string;
  links: readonly TabLink[];
  current: string;
  className?: string;
}) {
  return (
    <nav className={className ? `tab-links ${className}` : 'tab-links'} aria-label={label}>
      {links.map((l) => (
        <Link
          key={l.key}
          href={l.href}
          className="tab-links__item"
          aria-current={l.key === current ? 'page' : undefined}
        >
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
