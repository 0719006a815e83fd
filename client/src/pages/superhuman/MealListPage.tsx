import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { MEAL_GROUP, SUPERHUMAN_MESSAGE, TOAST_MS } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ChevronRightIcon } from '../../components/ui/icons.tsx';
import { notify } from '../../components/ui/notifier.ts';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import type { PageProps } from '../../router/routeTypes.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { ALIMENT, findGroup, groupLevelHref, mealHref, mealListHref, routeId } from './links.ts';
import { MealImage } from './MealParts.tsx';
import './superhuman.css';

/** The group's name from the route when the tree has not said it: 'major-meals' → 'Major meals'. */
const nameFromSlug = (slug: string | undefined) => {
  const words = (slug ?? '').replace(/-/g, ' ').trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : 'Meals';
};

/** /superhuman/meal/{groupName}/{groupId}?page=n: the group's meals, paged, each its thumbnail and name; empty: a 10 s notice. */
export default function MealListPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const groupId = routeId(params.groupId);
  const requested = routeId(useQueryParams().get('page'), 1);
  const page = requested !== null && requested >= 1 ? requested : 1;
  const valid = groupId !== null && groupId > 0;
  const meals = trpc.superhuman.meals.useQuery(
    { groupId: groupId ?? 0, page },
    { enabled: valid, placeholderData: (prev) => prev },
  );
  const tree = trpc.superhuman.mealGroups.useQuery(undefined, { staleTime: 5 * 60_000, meta: { silentErrors: true } });
  const group = valid ? findGroup(tree.data?.data ?? [], groupId) : null;
  const unknown = !valid || meals.isError || (tree.isSuccess && !group);
  const name =
    group?.name ?? meals.data?.data[0]?.meal_group_name ?? (unknown ? 'Meal group' : nameFromSlug(params.groupName));
  const self = { id: groupId ?? 0, name: group?.name ?? params.groupName ?? name };
  const parentId = group?.parent_id ?? MEAL_GROUP.aliment;
  const parent = group && parentId !== MEAL_GROUP.aliment ? findGroup(tree.data?.data ?? [], parentId) : null;

  // Not while another group's page stands in (placeholder), or its emptiness would be announced for this one.
  const empty = meals.isSuccess && !meals.isPlaceholderData && meals.data.meta.total === 0;
  useEffect(() => {
    if (empty) notify({ message: SUPERHUMAN_MESSAGE.noMeals, variant: 'info', duration: TOAST_MS.long });
  }, [empty, groupId]);

  const list = meals.data?.data ?? [];
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader
        back={{ href: group ? groupLevelHref(parentId) : ALIMENT, label: parent?.name ?? 'Aliment' }}
        eyebrow="Aliment"
        title={name}
      />
      {!valid && <p className="empty">{SUPERHUMAN_MESSAGE.groupNotFound}</p>}
      {valid && <QueryState query={meals} loading="Loading the meals" error={SUPERHUMAN_MESSAGE.groupNotFound} />}
      {empty && <p className="empty">{SUPERHUMAN_MESSAGE.noMeals}</p>}
      {meals.isSuccess && !empty && list.length === 0 && <p className="empty">No meals on this page.</p>}
      {list.length > 0 && !meals.isError && (
        <ul className="meal-list" aria-busy={meals.isPlaceholderData || undefined}>
          {list.map((meal) => (
            <li key={meal.id}>
              <Link href={mealHref(self, meal.id)} className="meal-list__item">
                <MealImage base64={meal.image_base64} className="meal-list__image" />
                <span className="meal-list__name">{meal.name}</span>
                <ChevronRightIcon className="meal-list__icon" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {meals.data && !meals.isError && (
        <Pagination
          page={page}
          lastPage={meals.data.meta.last_page}
          onChange={(n) => navigate(mealListHref(self, n))}
          label={`${name} pages`}
        />
      )}
    </section>
  );
}
