import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronRightIcon, LockIcon } from '../../components/ui/icons.tsx';

/**
 * One entry of a version or phase list: the active one opens (a link with a chevron), a completed one is done, the
 * rest are locked.
 */
export function StepListItem({
  href,
  number,
  title,
  kind,
  active,
  completed,
}: {
  href: string;
  number: ReactNode;
  title: string;
  kind?: string;
  active: boolean;
  completed: boolean;
}) {
  const state = active ? 'Active' : completed ? 'Completed' : 'Locked';
  const body = (
    <>
      <span className="step-list__number">{number}</span>
      <span className="step-list__main">
        <span className="step-list__title">{title}</span>
        <span className="step-list__state">{kind ? `${kind} · ${state}` : state}</span>
      </span>
      {active ? (
        <ChevronRightIcon className="step-list__icon" />
      ) : (
        !completed && <LockIcon className="step-list__icon" />
      )}
    </>
  );
  if (active) {
    return (
      <Link href={href} className="step-list__item step-list__item--active">
        {body}
      </Link>
    );
  }
  return (
    <div
      className={`step-list__item${completed ? ' step-list__item--done' : ' step-list__item--locked'}`}
      aria-disabled="true"
    >
      {body}
    </div>
  );
}
