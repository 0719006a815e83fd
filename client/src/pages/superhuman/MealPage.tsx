import { Suspense, useState } from 'react';
import { SUPERHUMAN_MESSAGE, SERVINGS } from '@evolution/shared/constants';
import type { MacroDataDto, Nutrition } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { VideoSlot, videoSource } from '../../components/VideoSlot.tsx';
import { NumberField } from '../../components/ui/Field.tsx';
import { ChartPlaceholder } from '../../components/chart/ChartPlaceholder.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { lazyScreen } from '../../router/lazyScreen.ts';
import { mealListHref, routeId } from './links.ts';
import { IngredientsPanel, MealImage, PreparationPanel } from './MealParts.tsx';
import {
  dailyTargets,
  formatFigure,
  NUTRIENTS,
  nutrientShares,
  parseServings,
  scaleAmount,
  scaleNutrition,
} from './servings.ts';
import './superhuman.css';

// nivo is about 95 KB gzipped: the chart is its own chunk, fetched only for a member who has macro data.
const MealShareChart = lazyScreen(() => import('./MealShareChart.tsx'));

const servingsText = (n: number) => `${n} ${n === 1 ? 'serving' : 'servings'}`;

/** Beyond the spec: this meal for the chosen servings as a share of the member's daily targets, as a chart and as text. */
function DailyShare({ nutrition, macros, servings }: { nutrition: Nutrition; macros: MacroDataDto; servings: number }) {
  const shares = nutrientShares(nutrition, dailyTargets(macros));
  return (
    <section className="meal-share" aria-labelledby="share-title">
      <h3 id="share-title" className="meal-share__title">
        Share of your daily targets
      </h3>
      <Suspense fallback={<ChartPlaceholder height={200} />}>
        <MealShareChart shares={shares} />
      </Suspense>
      {/* The chart's numbers for screen readers (a table ignores the 1 px box, so it sits in a div). */}
      <div className="visually-hidden">
        <table>
          <caption>This meal for {servingsText(servings)} against your daily targets</caption>
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col">This meal</th>
              <th scope="col">Daily target</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {shares.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.label}</th>
                <td>
                  {formatFigure(s.amount)} {s.unit}
                </td>
                <td>
                  {formatFigure(s.target)} {s.unit}
                </td>
                <td>{s.percent === null ? '—' : `${s.percent}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted meal-share__note">
        Your targets are estimates from formulas; see Macros for how they are worked out.
      </p>
    </section>
  );
}

/**
 * /superhuman/meal/{groupName}/{groupId}/{mealId} (mealId 0: the group's first meal): picture, name, description,
 * video, and the ingredients scaled to 1-100 servings with the nutrition for them.
 */
export default function MealPage({ params }: PageProps) {
  const groupId = routeId(params.groupId);
  const mealId = routeId(params.mealId);
  const validGroup = groupId !== null && groupId > 0;
  const first = trpc.superhuman.meals.useQuery(
    { groupId: groupId ?? 0, page: 1 },
    { enabled: validGroup && mealId === 0 },
  );
  const id = mealId === 0 ? (first.data?.data[0]?.id ?? null) : mealId;
  const meal = trpc.superhuman.meal.useQuery({ id: id ?? 0 }, { enabled: validGroup && id !== null && id > 0 });
  // 403 (not on the plan, switched off) and 404 (not measured yet) only mean there is nothing to compare with.
  const macros = trpc.superhuman.macroData.useQuery(undefined, { meta: { silentErrors: true }, staleTime: 5 * 60_000 });

  const [raw, setRaw] = useState(String(SERVINGS.min));
  const [servings, setServings] = useState<number>(SERVINGS.min);
  const refused = parseServings(raw) === null;
  const change = (value: string) => {
    setRaw(value);
    const parsed = parseServings(value);
    if (parsed !== null) setServings(parsed);
  };

  const data = meal.data?.data;
  const groupName = data?.meal_group_name ?? params.groupName ?? '';
  const back = {
    href: mealListHref({ id: groupId ?? 0, name: params.groupName ?? groupName }),
    label: data?.meal_group_name ?? 'Meals',
  };
  const emptyGroup = mealId === 0 && first.isSuccess && first.data.data.length === 0;
  const nutrition = data?.nutrition ? scaleNutrition(data.nutrition, servings) : null;
  const video = data ? (data.video_path ?? (videoSource(data.video_link) ? data.video_link : null)) : null;

  return (
    <article className="page page--narrow" aria-labelledby="page-title">
      <PageHeader back={back} eyebrow={data?.meal_group_name ?? 'Aliment'} title={data?.name ?? 'Meal'} />
      {(!validGroup || mealId === null) && <p className="empty">{SUPERHUMAN_MESSAGE.mealNotFound}</p>}
      {mealId === 0 && validGroup && (
        <QueryState query={first} loading="Loading the meal" error={SUPERHUMAN_MESSAGE.groupNotFound} />
      )}
      {emptyGroup && <p className="empty">{SUPERHUMAN_MESSAGE.noMeals}</p>}
      {id !== null && id > 0 && validGroup && (
        <QueryState query={meal} loading="Loading the meal" error={SUPERHUMAN_MESSAGE.mealNotFound} />
      )}
      {data && (
        <>
          <MealImage base64={data.image_base64} className="meal-photo" />

          <Panel titleId="nutrition-title" title="Nutrition">
            <div className="meal-servings columns">
              <NumberField
                className="meal-servings__field"
                label="Servings"
                min={SERVINGS.min}
                max={SERVINGS.max}
                step={1}
                value={raw}
                onChange={(e) => change(e.target.value)}
                hint={`${SERVINGS.min} to ${SERVINGS.max}`}
                error={refused ? SUPERHUMAN_MESSAGE.servings : undefined}
              />
              {nutrition ? (
                <div className="meal-nutrition">
                  <p className="meal-nutrition__caption">Nutrition for {servingsText(servings)}</p>
                  <dl className="meal-nutrition__list">
                    {NUTRIENTS.map((n) => (
                      <div key={n.key} className="meal-nutrition__item">
                        <dt>{n.label}</dt>
                        <dd>
                          {formatFigure(nutrition[n.key])}
                          <span className="meal-nutrition__unit"> {n.unit}</span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ) : (
                <p className="muted meal-nutrition">No nutrition recorded for this meal.</p>
              )}
            </div>
            {nutrition && macros.data && <DailyShare nutrition={nutrition} macros={macros.data} servings={servings} />}
          </Panel>

          <IngredientsPanel
            ingredients={data.ingredients_parsed}
            amountLabel={`Amount for ${servingsText(servings)}`}
            amount={(formula) => scaleAmount(formula, servings)}
            caption={`${data.name}: ingredients for ${servingsText(servings)}`}
          />

          {video && <VideoSlot link={video} title={data.name} />}

          <PreparationPanel text={data.description} />
        </>
      )}
    </article>
  );
}
