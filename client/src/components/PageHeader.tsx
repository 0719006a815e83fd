import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The head of a screen: an optional back link, the eyebrow, the title (the `page-title` every screen's section is
 * labelled by) and what follows it (an intro line, actions).
 */
export function PageHeader({
  back,
  eyebrow,
  title,
  children,
}: {
  back?: { href: string; label: ReactNode };
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page__header">
      {back && (
        <Link href={back.href} className="page__back">
          ← {back.label}
        </Link>
      )}
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {children}
    </header>
  );
}
