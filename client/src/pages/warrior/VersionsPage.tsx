import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ChevronRightIcon, LockIcon } from '../../components/ui/icons.tsx';
import './warrior.css';
import { PageHeader } from '../../components/PageHeader.tsx';

export const CALIBRATION_PHASES = '/user/warrior/calibration';

/** /warrior/version: the evolution's versions, newest first; the active one opens its phases; calibration comes first. */
export default function VersionsPage() {
  const [, navigate] = useLocation();
  const versions = trpc.warrior.versions.useQuery(undefined, { staleTime: 0 });
  const needCalibration = versions.data?.need_calibration === true;
  useEffect(() => {
    if (needCalibration) navigate(CALIBRATION_PHASES, { replace: true });
  }, [needCalibration, navigate]);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow={versions.data ? `Evolution ${versions.data.evolution}` : 'Warrior'} title="Dynamic Evolution">
        <p className="muted">Each version is nine phases. Finish the active one to unlock the next.</p>
      </PageHeader>
      {(versions.isPending || needCalibration) && <Spinner label="Loading your versions" />}
      {versions.isError && <p className="empty">Data could not be found.</p>}
      {versions.data && !needCalibration && (
        <ol className="step-list">
          {versions.data.data.map((v) => {
            const body = (
              <>
                <span className="step-list__number">v{versions.data.evolution}.{v.version}</span>
                <span className="step-list__main">
                  <span className="step-list__title">{v.title}</span>
                  <span className="step-list__state">{v.active ? 'Active' : v.completed ? 'Completed' : 'Locked'}</span>
                </span>
                {v.active ? <ChevronRightIcon className="step-list__icon" /> : !v.completed && <LockIcon className="step-list__icon" />}
              </>
            );
            return (
              <li key={v.version}>
                {v.active ? (
                  <Link href={`/user/warrior/general?version=${v.version}`} className="step-list__item step-list__item--active">
                    {body}
                  </Link>
                ) : (
                  <div className={`step-list__item${v.completed ? ' step-list__item--done' : ' step-list__item--locked'}`} aria-disabled="true">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
