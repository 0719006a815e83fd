import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { PageContent } from '../../components/PageContent.tsx';
import { VideoSlot } from '../../components/VideoSlot.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /warrior/technique-guides/{page}: the guide's video, title and content; a failed load goes to /. */
export default function TechniqueGuidePage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const id = Number(params.page);
  const valid = Number.isInteger(id) && id >= 1;
  const guide = trpc.warrior.page.useQuery({ id }, { enabled: valid });

  const failed = !valid || guide.isError;
  useEffect(() => {
    if (failed) navigate('/', { replace: true });
  }, [failed, navigate]);

  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageHeader
        back={{ href: '/warrior/technique-guides', label: 'Technique Guides' }}
        title={guide.data?.title ?? 'Technique Guide'}
      />
      {valid && <QueryState query={guide} loading="Loading the guide" />}
      {guide.data && (
        <>
          <VideoSlot link={guide.data.video_link} path={guide.data.video_path} title={guide.data.title} />
          {guide.data.image_path && (
            <img className="content-picture" src={guide.data.image_path} alt={guide.data.title} />
          )}
          <div className="panel">
            <PageContent text={guide.data.content} />
          </div>
        </>
      )}
    </article>
  );
}
