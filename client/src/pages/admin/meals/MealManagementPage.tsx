import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { ELIXIR_PHASE_NAMES, SUPERHUMAN_MESSAGE, TOAST_MS } from '@evolution/shared/constants';
import type { AdminMealRow } from '@evolution/shared';
import { MEAL_MESSAGE } from '@evolution/shared';
import { apiErrorNotice, readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { notify, toast } from '../../../components/ui/notifier.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { DeleteConfirm } from '../common/DeleteConfirm.tsx';
import { AddLink, EditDeleteActions } from '../common/RowActions.tsx';
import { TreeLayout } from '../common/TreeNav.tsx';
import { readIdParam, useListQuery } from '../common/listQuery.ts';
import {
  MEAL_MANAGEMENT,
  elixirPhaseMemberPath,
  isElixirs,
  mealAddHref,
  mealEditHref,
  mealHoldingGroups,
  mealListHref,
} from './mealAdmin.ts';
import './meals.css';

const MEAL_COLUMNS: readonly Column<AdminMealRow>[] = [
  {
    key: 'image',
    label: 'Image',
    className: 'meal-admin__image-cell',
    cell: (meal) =>
      meal.image_base64 ? (
        <img className="meal-admin__thumb" src={`data:image/jpeg;base64,${meal.image_base64}`} alt="" />
      ) : (
        <span className="muted">None</span>
      ),
  },
  {
    key: 'name',
    label: 'Name',
    value: (meal) => meal.name,
    cell: (meal) => (
      <>
        <span className="meal-admin__name">{meal.name}</span>
        {meal.elixir_phase !== null && (
          <>
            {' '}
            <span className="badge badge--accent meal-admin__phase">Phase {meal.elixir_phase}</span>
          </>
        )}
      </>
    ),
  },
  { key: 'ingredients', label: 'Ingredients', value: (meal) => meal.ingredient_count },
];

/**
 * /admin/meal_management?meal_group={id}&page={n}: the Aliment tree on the side, the chosen group's meals in a table
 * with EDIT and DELETE, and ADD. The sidebar's Elixirs entry opens group 1, whose first four meals are the Saturni
 * Elixir's phases: they are edited here, and not deleted.
 */
export default function MealManagementPage() {
  const query = useListQuery(MEAL_MANAGEMENT);
  const groupId = readIdParam(query.params.get('meal_group'));
  const [deleting, setDeleting] = useState<AdminMealRow | null>(null);

  const utils = trpc.useUtils();
  const tree = trpc.admin.meals.groups.useQuery(undefined, { staleTime: 5 * 60_000 });
  const holding = mealHoldingGroups(tree.data?.data ?? []);
  const group = holding.find((g) => g.id === groupId) ?? null;
  // A parent group (Major meals) or an unknown id has no list of its own.
  const listable = group !== null;
  const list = trpc.admin.meals.list.useQuery(
    { groupId: groupId ?? 0, page: query.page },
    { enabled: listable, placeholderData: keepPreviousData },
  );
  const remove = trpc.admin.meals.remove.useMutation({ meta: { silentErrors: true } });

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const elixirs = isElixirs(groupId);

  return (
    <AdminScreen
      title="Meal Management"
      actions={listable && <AddLink href={mealAddHref(groupId)} label={`Add a meal to ${group.name}`} />}
    >
      <TreeLayout
        label="Meal groups"
        title="Meal groups"
        tree={tree}
        loading="Loading the meal groups"
        current={groupId}
        href={mealListHref}
        parents="heading"
        unchosen={
          !listable &&
          (groupId === null
            ? 'Choose a meal group to see its meals.'
            : 'This group holds no meals of its own: choose one of the groups under it.')
        }
      >
        {listable && (
          <>
            <h2 className="tree-layout__title">{group.name}</h2>
            {elixirs && (
              <div className="notice">
                <p>
                  The first {ELIXIR_PHASE_NAMES.length} meals of {group.name} are the Saturni Elixir&apos;s phases one
                  to {ELIXIR_PHASE_NAMES.at(-1)}, in this order. Members follow them at {elixirPhaseMemberPath(1)} and
                  the next three addresses, so they are edited here and not deleted.
                </p>
              </div>
            )}
            <DataTable
              from={list}
              caption={<>Meals of {group.name}</>}
              columns={MEAL_COLUMNS}
              actions={(meal) => (
                <EditDeleteActions
                  href={mealEditHref(meal.id)}
                  name={meal.name}
                  onDelete={meal.elixir_phase === null ? () => setDeleting(meal) : undefined}
                />
              )}
              list={query}
              className="meal-admin__table"
              loading="Loading the meals"
              empty={meta?.total === 0 ? SUPERHUMAN_MESSAGE.noMeals : 'No meals on this page.'}
              pagesLabel={`${group.name} pages`}
            />
          </>
        )}
      </TreeLayout>

      <DeleteConfirm
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete meal?"
        text={(meal) =>
          `${meal.name} will be deleted from ${meal.meal_group_name}: members will no longer see it. This cannot be undone.`
        }
        remove={remove}
        onDeleted={() => {
          toast.success(MEAL_MESSAGE.deleted, TOAST_MS.apiError);
          query.leaveEmptiedPage(rows.length);
          void utils.admin.meals.list.invalidate();
        }}
        onRefused={(error) => {
          // 409 (an elixir phase) is outside the error catalogue: its message is still worth showing.
          notify(
            apiErrorNotice(error) ?? {
              message: readFailure(error).message,
              variant: 'danger',
              duration: TOAST_MS.apiError,
            },
          );
          void utils.admin.meals.list.invalidate();
        }}
      />
    </AdminScreen>
  );
}
