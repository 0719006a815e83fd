import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_MESSAGE, TOAST_MS, WORK_VOLUME_SETS } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { Button } from '../../components/ui/Button.tsx';
import { RadioChoice } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';

const labelOf = (sets: number) => WORK_VOLUME_SETS.find((s) => s.sets === sets)?.label ?? `${sets} sets`;

/** Where to go after saving: on to the phase the member came from (`from` and `phase` in the query), else nowhere. */
function phaseAfterSets(params: URLSearchParams): string | null {
  const from = params.get('from');
  const phase = params.get('phase');
  if (!from || !phase || !/^[a-z_-]+$/i.test(from)) return null;
  return `/user/warrior/${from}/phase`;
}

/** /with_menu/work_volume_analysis: the seven set levels; saving says 'Work volume analysis updated' and may go on to a phase. */
export default function WorkVolumePage() {
  const [, navigate] = useLocation();
  const next = phaseAfterSets(useQueryParams());
  const utils = trpc.useUtils();
  const sets = trpc.account.sets.useQuery(undefined, { staleTime: 0 });
  const update = trpc.account.updateSets.useMutation();
  // The member's pick, else the level on record.
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked ?? sets.data?.number_of_sets ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen === null || update.isPending) return;
    update.mutate(
      { number_of_sets: chosen },
      {
        onSuccess(res) {
          utils.account.sets.setData(undefined, res);
          toast.success(ACCOUNT_MESSAGE.setsUpdated, TOAST_MS.apiError);
          if (next) navigate(next);
        },
      },
    );
  };

  const pending = sets.data && sets.data.number_of_sets !== sets.data.current_number_of_sets;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Work Volume Analysis">
        <p className="muted">
          How many working sets your volume phase asks of you. A new level applies from your next volume-phase
          submission.
        </p>
      </PageHeader>
      <QueryState query={sets} loading="Loading your work volume" />
      {sets.data && (
        <form className="panel form" onSubmit={submit}>
          {pending && (
            <p className="notice notice--info">
              In use now: {sets.data.current_number_of_sets} sets ({labelOf(sets.data.current_number_of_sets)}).{' '}
              {sets.data.number_of_sets} sets ({labelOf(sets.data.number_of_sets)}) starts with your next volume-phase
              submission.
            </p>
          )}
          <fieldset className="choice-list">
            <legend className="field__label">Sets</legend>
            {WORK_VOLUME_SETS.map((level) => (
              <RadioChoice
                key={level.sets}
                name="number_of_sets"
                value={level.sets}
                checked={chosen === level.sets}
                onChange={() => setPicked(level.sets)}
                figure={level.sets}
              >
                {level.label}
              </RadioChoice>
            ))}
          </fieldset>
          <Button type="submit" busy={update.isPending} disabled={chosen === null}>
            {next ? 'Save and continue' : 'Save'}
          </Button>
        </form>
      )}
    </section>
  );
}
