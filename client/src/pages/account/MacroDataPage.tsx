import { useEffect } from 'react';
import { Link } from 'wouter';
import { SUPERHUMAN_MESSAGE } from '@evolution/shared/constants';
import { apiErrorNotice, readFailure } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { notify } from '../../components/ui/notifier.ts';
import { energyBalanceText, estimateText, MacroFigures } from '../superhuman/MacroFigures.tsx';
import { UPGRADE_SUPERHUMAN } from '../superhuman/links.ts';

/**
 * /with_menu/macro_data (its menu entry stays disabled, as the spec says): the member's macro figures and the 'Sustain'
 * button, which does nothing. A 403 shows the server's reason; until the figures load, 'DATA COULD NOT BE FOUND.'.
 */
export default function MacroDataPage() {
  // The screen says why for 403 and 404, so those calls stay silent; any other failure still gets the catalogue's toast.
  const macros = trpc.superhuman.macroData.useQuery(undefined, { staleTime: 0, meta: { silentErrors: true } });
  const failure = macros.error ? readFailure(macros.error) : null;
  useEffect(() => {
    if (!macros.error || failure?.status === 403 || failure?.status === 404) return;
    const notice = apiErrorNotice(macros.error);
    if (notice) notify(notice);
  }, [macros.error, failure?.status]);

  const data = macros.data;
  const forbidden = failure?.status === 403;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Macro Data" />
      {forbidden && (
        <p className="notice notice--info">
          <span>{failure.message || SUPERHUMAN_MESSAGE.notEligible}</span>
          {(failure.message || SUPERHUMAN_MESSAGE.notEligible) === SUPERHUMAN_MESSAGE.notEligible && (
            <Link href={UPGRADE_SUPERHUMAN} className="link">
              See the Superhuman plans
            </Link>
          )}
        </p>
      )}
      {!data && !forbidden && (
        <div className="empty macro-missing" aria-busy={macros.isPending || undefined}>
          <p>{SUPERHUMAN_MESSAGE.noMacroData}</p>
          {failure?.status === 404 && failure.message && <p className="macro-missing__hint">{failure.message}</p>}
        </div>
      )}
      {data && (
        <div className="panel">
          <p>{energyBalanceText(data)}</p>
          <MacroFigures macros={data} />
          <p className="muted">{estimateText(data)}</p>
          <div className="panel__actions macro-sustain">
            {/* The spec's 'Sustain' does nothing: a quiet button that says what it stands for, not a primary action. */}
            <Button type="button" variant="secondary" aria-describedby="macro-sustain-hint">
              Sustain
            </Button>
            <p id="macro-sustain-hint" className="field__hint macro-sustain__hint">
              Sustain means keeping to these figures: there is nothing to save, they change only when your next data
              analysis updates them.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
