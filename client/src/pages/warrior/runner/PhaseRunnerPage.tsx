import { lazy, Suspense, useMemo, useState } from 'react';
import type { PhaseData, TrackType } from '@evolution/shared';
import { readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { useAuth } from '../../../auth/store.ts';
import { VideoSlot, videoSource } from '../../../components/VideoSlot.tsx';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { OFFLINE_NOT_KEPT } from '../../../components/ui/QueryState.tsx';
import type { PageProps } from '../../../router/routeTypes.ts';
import { DataAnalysisRunner } from './DataAnalysisRunner.tsx';
import { SetsRunner } from './SetsRunner.tsx';
import { Vo2Runner } from './Vo2Runner.tsx';
import { isTrack, PHASE_QUERY } from '../track.ts';
import { planOf } from './phaseRunner.ts';
import { phasePlace, usePhaseSubmit } from './usePhaseSubmit.ts';
import { QueuedPhase } from '../../../offline/QueuedSubmissions.tsx';
import { useQueuedSubmissions } from '../../../offline/useSubmissionQueue.ts';
import type { CacheIdentity } from './useRunner.ts';
import './runner.css';
import { PageHeader } from '../../../components/PageHeader.tsx';

const phaseListHref = (type: TrackType, phase?: Pick<PhaseData, 'version'>) =>
  type === 'general' && phase ? `/user/warrior/general?version=${phase.version}` : `/user/warrior/${type}`;

// The Markdown renderer (about 33 KB gzipped) is not part of the runner's first paint: most phases keep their
// instructions folded. It is fetched when they are opened or about to be (offline, from the service worker's precache).
const loadPageContent = () => import('../../../components/PageContent.tsx');
const PageContent = lazy(async () => ({ default: (await loadPageContent()).PageContent }));
const preloadPageContent = () => void loadPageContent().catch(() => undefined);

/** The phase's instructions, folded unless they are the whole routine; their text is rendered once they are opened. */
function RunnerBrief({ text, readFirst }: { text: string; readFirst: boolean }) {
  const [opened, setOpened] = useState(readFirst);
  return (
    <details className="runner-brief" open={readFirst} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary onPointerEnter={preloadPageContent} onFocus={preloadPageContent} onTouchStart={preloadPageContent}>
        {readFirst ? 'The routine' : 'How to run this phase'}
      </summary>
      {opened && (
        <Suspense fallback={<Spinner label="Loading the instructions" />}>
          <PageContent text={text} />
        </Suspense>
      )}
    </details>
  );
}

/** Flexibility and recovery: the routine, then a single Done button. */
function DoneRunner({ type, phase }: { type: TrackType; phase: PhaseData }) {
  const { submit, busy, sent } = usePhaseSubmit(type, phase);
  return (
    <div className="panel">
      <Button className="runner-controls__main" busy={busy} disabled={sent} onClick={() => submit({})}>
        Done
      </Button>
    </div>
  );
}

function Runner({ type, phase }: { type: TrackType; phase: PhaseData }) {
  const plan = useMemo(() => planOf(phase), [phase]);
  const queued = useQueuedSubmissions().find((entry) => entry.pageId === phase.page.id);
  const userId = useAuth().user?.user_id ?? 0;
  const identity: CacheIdentity = { pageId: phase.page.id, userId, signature: plan.signature };
  const video = phase.page.video_path ?? (videoSource(phase.page.video_link) ? phase.page.video_link : null);
  // The routine is the whole screen of flexibility and recovery; elsewhere the instructions fold away.
  const readFirst = plan.kind === 'done';
  const label = phasePlace(type, phase);

  return (
    <section className="page runner-page" aria-labelledby="page-title">
      <PageHeader
        back={{ href: phaseListHref(type, phase), label: 'Phases' }}
        eyebrow={label}
        title={phase.page.title}
      />
      {queued ? (
        // Finished on this phone: it is not run again while it waits to be sent (or until its refusal is read).
        <QueuedPhase entry={queued} back={phaseListHref(type, phase)} />
      ) : (
        <>
          {video && <VideoSlot link={video} title={phase.page.title} />}
          {phase.page.content && <RunnerBrief text={phase.page.content} readFirst={readFirst} />}
          {plan.kind === 'vo2' && <Vo2Runner type={type} phase={phase} plan={plan} identity={identity} />}
          {plan.kind === 'sets' && <SetsRunner type={type} phase={phase} plan={plan} identity={identity} />}
          {plan.kind === 'done' && <DoneRunner type={type} phase={phase} />}
          {plan.kind === 'data-analysis' && <DataAnalysisRunner type={type} phase={phase} identity={identity} />}
        </>
      )}
    </section>
  );
}

/** /user/warrior/{type}/phase: the member's active phase on a track, run by the phase runner (navigation hidden). */
export default function PhaseRunnerPage({ params }: PageProps) {
  const type = params.type;
  const track = isTrack(type) ? type : null;
  const phase = trpc.warrior.phase.useQuery({ type: track ?? 'general' }, { ...PHASE_QUERY, enabled: track !== null });

  if (!track) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          Phase
        </h1>
        <p className="empty">There is no such track.</p>
      </section>
    );
  }
  // Offline, and this phone never kept the phase: the call waits for the network.
  if (phase.isPending && phase.fetchStatus === 'paused') return <p className="empty">{OFFLINE_NOT_KEPT}</p>;
  if (phase.isPending) return <Spinner label="Loading your phase" />;
  if (phase.isError) {
    const status = readFailure(phase.error).status;
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <PageHeader eyebrow={track === 'calibration' ? 'Calibration' : 'Dynamic Evolution'} title="No phase to run" />
        <div className="panel">
          <p>{status === 409 ? phase.error.message : 'Your phase could not be loaded.'}</p>
          <div className="panel__actions">
            <ButtonLink href="/warrior/version">Dynamic Evolution</ButtonLink>
            {status !== 409 && (
              <Button variant="ghost" onClick={() => void phase.refetch()}>
                Try again
              </Button>
            )}
          </div>
        </div>
      </section>
    );
  }
  return <Runner key={phase.data.page.id} type={track} phase={phase.data} />;
}
