import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface PageTitleProps {
  back?: { href: string; label: ReactNode } | undefined;
  eyebrow?: ReactNode;
  title: ReactNode;
}

/** A screen's optional back link, its eyebrow and its title: the `page-title` every screen's section is labelled by. */
export function PageTitle({ back, eyebrow, title }: PageTitleProps) {
  return (
    <>
      {back && (
        <Link href={back.href} className="page__back">
          ← {back.label}
        </Link>
      )}
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
    </>
  );
}

/** The head of a screen: its title (see PageTitle) and what follows it (an intro line, actions). */
export function PageHeader({ children, ...heading }: PageTitleProps & { children?: ReactNode }) {
  return (
    <header className="page__header">
      <PageTitle {...heading} />
      {children}
    </header>
  );
}
