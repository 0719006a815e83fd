import { ELIXIR_PHASE_NAMES, MEAL_GROUP, SUPERHUMAN_MESSAGE } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { PageContent } from '../../components/PageContent.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { elixirPhaseHref, elixirPhaseOf, findGroup, groupLevelHref } from './links.ts';
import { IngredientTable, MealImage, SequenceNav } from './MealParts.tsx';
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
            <section className="panel meal-hero__text" aria-labelledby="ingredients-title">
              <h2 id="ingredients-title" className="panel__title">
                Ingredients
              </h2>
              <IngredientTable
                ingredients={data.ingredients_parsed}
                amountLabel="Amount per serving"
                amount={formatFigure}
                caption={`${data.name}: ingredients per serving`}
              />
            </section>
          </div>
          <section className="panel" aria-labelledby="preparation-title">
            <h2 id="preparation-title" className="panel__title">
              Preparation
            </h2>
            <PageContent text={data.description} />
          </section>
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
