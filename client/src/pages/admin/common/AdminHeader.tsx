import type { ReactNode } from 'react';
import './admin.css';
import { Link } from 'wouter';

/** The head of an admin screen: back link, 'Admin' eyebrow, the title and the screen's actions on the right. */
export function AdminHeader({
  title,
  back,
  actions,
}: {
  title: ReactNode;
  back?: { href: string; label: ReactNode };
  actions?: ReactNode;
}) {
  return (
    <header className="page__header page__header--split">
      <div>
        {back && (
          <Link href={back.href} className="page__back">
            ← {back.label}
          </Link>
        )}
        <p className="eyebrow">Admin</p>
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
      </div>
      {actions && <div className="page__actions">{actions}</div>}
    </header>
  );
}
