import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/PageHeader.tsx';
import './admin.css';

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
        <PageTitle back={back} eyebrow="Admin" title={title} />
      </div>
      {actions && <div className="page__actions">{actions}</div>}
    </header>
  );
}
