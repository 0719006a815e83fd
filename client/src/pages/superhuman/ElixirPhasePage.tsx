import { ELIXIR_PHASE_NAMES, MEAL_GROUP, SUPERHUMAN_MESSAGE } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { elixirPhaseHref, elixirPhaseOf, findGroup, groupLevelHref } from './links.ts';
import { IngredientsPanel, MealImage, PreparationPanel, SequenceNav } from './MealParts.tsx';
import { formatFigure } from './servings.ts';
import './superhuman.css';

const PHASES = ELIXIR_PHASE_NAMES.length;

/**
 * /superhuman/meal/saturni-elixir/phase-one..four: the phase's title, ingredients per serving and description, all
 * from the server, with back and next links (phase one goes back to Elixirs, phase four on to Elixirs).
 */
export default function ElixirPhasePage({ route }: PageProps) {
  const phase = elixirPhaseOf(route.path) ?? 1;
  const meal = trpc.superhuman.elixirPhase.useQuery({ phase });
  // The neighbours' names for the links, and the Elixirs group's own name; both are cached by the Elixirs screen.
  const phases = trpc.superhuman.meals.useQuery(
    { groupId: MEAL_GROUP.elixirs, page: 1 },
    { meta: { silentErrors: true } },
  );
  const tree = trpc.superhuman.mealGroups.useQuery(undefined, { staleTime: 5 * 60_000, meta: { silentErrors: true } });
  const elixirs = {
    href: groupLevelHref(MEAL_GROUP.elixirs),
    label: findGroup(tree.data?.data ?? [], MEAL_GROUP.elixirs)?.name ?? 'Elixirs',
  };
  const phaseLink = (n: number) => ({
    href: elixirPhaseHref(n),
    label: phases.data?.data[n - 1]?.name ?? `Phase ${ELIXIR_PHASE_NAMES[n - 1]}`,
  });
  const data = meal.data?.data;

  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageHeader back={elixirs} eyebrow={`Phase ${phase} of ${PHASES}`} title={data?.name ?? route.title} />
      <QueryState query={meal} loading="Loading the elixir" error={SUPERHUMAN_MESSAGE.mealNotFound} />
      {data && (
        <>
          <div className="meal-hero">
            <MealImage base64={data.image_base64} className="meal-hero__image" />
            <IngredientsPanel
              className="meal-hero__text"
              ingredients={data.ingredients_parsed}
              amountLabel="Amount per serving"
              amount={formatFigure}
              caption={`${data.name}: ingredients per serving`}
            />
          </div>
          <PreparationPanel text={data.description} />
        </>
      )}
      <SequenceNav
        label="Saturni Elixir phases"
        back={phase > 1 ? phaseLink(phase - 1) : { ...elixirs, label: `All ${elixirs.label}` }}
        next={phase < PHASES ? phaseLink(phase + 1) : { ...elixirs, label: `Back to ${elixirs.label}` }}
      />
    </article>
  );
}
