import { Link } from 'wouter';
import { ROLE, SUPERHUMAN_MESSAGE } from '@evolution/shared/constants';
import type { MacroGuidelines } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { useAuth } from '../../auth/store.ts';
import { PageContent } from '../../components/PageContent.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { energyBalanceText, estimateText, MacroFigures } from './MacroFigures.tsx';
import { SUPERHUMAN_HOME, UPGRADE_SUPERHUMAN } from './links.ts';
import './superhuman.css';

/** Why there are no figures, in one line with the way on (admins read the general guidance only). */
function NoTargets({ reason }: { reason: NonNullable<MacroGuidelines['reason']> }) {
  if (reason === 'not_eligible') {
    return (
      <p className="notice notice--info">
        <span>{SUPERHUMAN_MESSAGE.notEligible}</span>
        <Link href={UPGRADE_SUPERHUMAN} className="link">
          See the Superhuman plans
        </Link>
      </p>
    );
  }
  if (reason === 'switched_off') return <p className="notice notice--info">{SUPERHUMAN_MESSAGE.macrosOff}</p>;
  return (
    <p className="notice notice--info">
      <span>{SUPERHUMAN_MESSAGE.needsMeasurements} Finish a data analysis and your targets appear here.</span>
      <Link href="/warrior/version" className="link">
        Go to Dynamic Evolution
      </Link>
    </p>
  );
}

/** /superhuman/macro-guidelines (any signed-in user): the guidance page, with the member's own targets when they have them. */
export default function MacroGuidelinesPage() {
  const { user } = useAuth();
  const isAdmin = user?.user_role === ROLE.admin;
  const guide = trpc.superhuman.macroGuidelines.useQuery(undefined, { staleTime: 0 });
  const data = guide.data;
  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageHeader
        back={isAdmin ? undefined : { href: SUPERHUMAN_HOME, label: 'Superhuman' }}
        eyebrow="Macros"
        title={data?.page.title ?? 'Macro Guidelines'}
      />
      <QueryState query={guide} loading="Loading the macro guidelines" />
      {data && (
        <>
          {data.macros ? (
            <Panel titleId="targets-title" title="Your targets" className="macro-targets">
              <p>{energyBalanceText(data.macros)}</p>
              <MacroFigures macros={data.macros} />
              <p className="muted macro-targets__note">{estimateText(data.macros)}</p>
              <p>
                <Link href="/with_menu/macro_data" className="link">
                  Your macro data
                </Link>
              </p>
            </Panel>
          ) : (
            data.reason && !(isAdmin && data.reason === 'not_eligible') && <NoTargets reason={data.reason} />
          )}
          <Panel titleId="guidance-title" title="Guidance">
            <PageContent text={data.page.content} />
          </Panel>
        </>
      )}
    </article>
  );
}
