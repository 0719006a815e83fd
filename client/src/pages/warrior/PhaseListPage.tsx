import type { PhaseType } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { isTrack } from './track.ts';
import './warrior.css';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StepListItem } from './StepListItem.tsx';

/** What each phase class asks of the member, in a few words. */
const PHASE_KIND_TEXT: Record<PhaseType, string> = {
  vo2: 'Treadmill test',
  exercise: 'Max tests',
  exercises: 'Strength rounds',
  challenge: 'One round max output',
  flexibility: 'Mobility routine',
  recovery: 'Active recovery',
  'data-analysis': 'Measurements and photos',
};

/** /user/warrior/{type}: the phases of the calibration track or of a general version; the active one opens the runner. */
export default function PhaseListPage({ params }: PageProps) {
  const query = useQueryParams();
  const type = isTrack(params.type) ? params.type : null;
  const requested = Number(query.get('version'));
  const version = type === 'general' && Number.isInteger(requested) && requested >= 1 ? requested : undefined;
  const phases = trpc.warrior.phases.useQuery(
    { type: type ?? 'general', ...(version ? { version } : {}) },
    { enabled: type !== null, staleTime: 0 },
  );

  const title = type === 'calibration' ? 'Calibration' : `Version ${phases.data?.version ?? version ?? ''}`.trim();
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      {/* The version list sends a member who must calibrate straight back here: calibration goes back to Warrior. */}
      <PageHeader
        back={
          type === 'calibration'
            ? { href: '/warrior/ground-zero', label: 'Warrior' }
            : { href: '/warrior/version', label: 'Dynamic Evolution' }
        }
        eyebrow={type === 'calibration' ? 'Every evolution starts here' : 'Dynamic Evolution'}
        title={type ? title : 'Phases'}
      >
        {type === 'calibration' && (
          <p className="muted">
            Three phases find where you start on every ladder: the treadmill test, a max test per movement, and your
            measurements.
          </p>
        )}
      </PageHeader>
      {!type && <p className="empty">There is no such track.</p>}
      {type && <QueryState query={phases} loading="Loading the phases" />}
      {type && phases.data && (
        <ol className="stack-list step-list">
          {phases.data.data.map((item) => (
            <li key={item.id}>
              <StepListItem
                href={`/user/warrior/${type}/phase`}
                number={item.phase}
                title={item.title}
                kind={PHASE_KIND_TEXT[item.type]}
                active={item.active}
                completed={item.completed}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
