import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import './warrior.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StepListItem } from './StepListItem.tsx';

const CALIBRATION_PHASES = '/user/warrior/calibration';

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
      <PageHeader
        back={{ href: '/warrior/ground-zero', label: 'Warrior' }}
        eyebrow={versions.data ? `Evolution ${versions.data.evolution}` : 'Warrior'}
        title="Dynamic Evolution"
      >
        <p className="muted">Each version is nine phases. Finish the active one to unlock the next.</p>
      </PageHeader>
      <QueryState query={versions} loading="Loading your versions" />
      {needCalibration && <Spinner label="Loading your versions" />}
      {versions.data && !needCalibration && (
        <ol className="stack-list step-list">
          {versions.data.data.map((v) => (
            <li key={v.version}>
              <StepListItem
                href={`/user/warrior/general?version=${v.version}`}
                number={`v${versions.data.evolution}.${v.version}`}
                title={v.title}
                active={v.active}
                completed={v.completed}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
