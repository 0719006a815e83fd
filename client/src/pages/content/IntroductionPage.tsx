import { INTRODUCTION_PAGE } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { PageContent } from '../../components/PageContent.tsx';
import { VideoSlot } from '../../components/VideoSlot.tsx';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';

type IntroductionType = keyof typeof INTRODUCTION_PAGE;

const BACK: Record<IntroductionType, { href: string; label: string }> = {
  portal: { href: '/gateway/gateway', label: 'Ground Zero' },
  warrior: { href: '/warrior/ground-zero', label: 'Warrior' },
  superhuman: { href: '/superhuman/ground-zero', label: 'Superhuman' },
};

/** The type in the query; anything else reads as the portal's introduction. */
function introductionType(value: string | null): IntroductionType {
  return value === 'warrior' || value === 'superhuman' ? value : 'portal';
}

/** /introduction?type=portal|warrior|superhuman: content pages 97, 1 and 2. */
export default function IntroductionPage() {
  const type = introductionType(useQueryParams().get('type'));
  const id = INTRODUCTION_PAGE[type];
  const page = trpc.warrior.page.useQuery({ id });
  const back = BACK[type];
  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageHeader back={back} eyebrow="Introduction" title={page.data?.title ?? 'Introduction'} />
      <QueryState query={page} loading="Loading the introduction" />
      {page.data && (
        <>
          <VideoSlot link={page.data.video_link} path={page.data.video_path} title={page.data.title} />
          {page.data.image_path && <img className="content-picture" src={page.data.image_path} alt={page.data.title} />}
          <div className="panel">
            <PageContent text={page.data.content} />
          </div>
        </>
      )}
    </article>
  );
}
