import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ELIXIR_PHASE_NAMES, SUPERHUMAN_MESSAGE, TOAST_MS } from '@evolution/shared/constants';
import type { AdminMealRow, MealGroupNode } from '@evolution/shared';
import { MEAL_MESSAGE } from '@evolution/shared';
import { apiErrorNotice, readFailure } from '../../../api/errors.ts';
import { trpc } from '../../../api/trpc.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { notify, toast } from '../../../components/ui/notifier.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { MEAL_MANAGEMENT, elixirPhaseMemberPath, isElixirs, mealAddHref, mealEditHref, mealHoldingGroups, mealListHref } from './mealAdmin.ts';
import './meals.css';

/** A whole group id from the query string, or null. */
const groupParam = (value: string | null): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * /admin/meal_management?meal_group={id}&page={n}: the Aliment tree on the side, the chosen group's meals in a table
 * with EDIT and DELETE, and ADD. The sidebar's Elixirs entry opens group 1, whose first four meals are the Saturni
 * Elixir's phases: they are edited here, and not deleted.
 */
export default function MealManagementPage() {
  const query = useListQuery(MEAL_MANAGEMENT);
  const groupId = groupParam(query.params.get('meal_group'));
  const [deleting, setDeleting] = useState<AdminMealRow | null>(null);

  const utils = trpc.useUtils();
  const tree = trpc.admin.meals.groups.useQuery(undefined, { staleTime: 5 * 60_000 });
  const holding = mealHoldingGroups(tree.data?.data ?? []);
  const group = holding.find((g) => g.id === groupId) ?? null;
  // A parent group (Major meals) or an unknown id has no list of its own.
  const listable = group !== null;
  const list = trpc.admin.meals.list.useQuery({ groupId: groupId ?? 0, page: query.page }, { enabled: listable, placeholderData: keepPreviousData });
  const remove = trpc.admin.meals.remove.useMutation({ meta: { silentErrors: true } });

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const elixirs = isElixirs(groupId);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          toast.success(MEAL_MESSAGE.deleted, TOAST_MS.apiError);
          setDeleting(null);
          // The last row of a later page is gone: show the page before it.
          if (rows.length === 1 && query.page > 1) query.go({ page: query.page - 1 });
          void utils.admin.meals.list.invalidate();
        },
        onError: (error) => {
          // 409 (an elixir phase) is outside the error catalogue: its message is still worth showing.
          notify(apiErrorNotice(error) ?? { message: readFailure(error).message, variant: 'danger', duration: TOAST_MS.apiError });
          setDeleting(null);
          void utils.admin.meals.list.invalidate();
        },
      },
    );
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title="Meal Management"
        actions={
          listable && (
            <Link href={mealAddHref(groupId)} className="button button--primary" aria-label={`Add a meal to ${group.name}`}>
              ADD
            </Link>
          )
        }
      />

      <div className="meal-admin">
        <nav className="meal-admin__groups panel" aria-label="Meal groups">
          <h2 className="meal-admin__groups-title">Meal groups</h2>
          <QueryState query={tree} loading="Loading the meal groups" />
          {tree.data && <GroupTree nodes={tree.data.data} current={groupId} />}
        </nav>

        <div className="meal-admin__main">
          {!listable && tree.isSuccess && (
            <p className="empty panel">{groupId === null ? 'Choose a meal group to see its meals.' : 'This group holds no meals of its own: choose one of the groups under it.'}</p>
          )}
          {listable && (
            <>
              <h2 className="meal-admin__title">{group.name}</h2>
              {elixirs && (
                <div className="notice">
                  <p>
                    The first {ELIXIR_PHASE_NAMES.length} meals of {group.name} are the Saturni Elixir&apos;s phases one to {ELIXIR_PHASE_NAMES.at(-1)}, in this order.
                    Members follow them at {elixirPhaseMemberPath(1)} and the next three addresses, so they are edited here and not deleted.
                  </p>
                </div>
              )}
              <div className="table-wrap" aria-busy={list.isFetching || undefined}>
                <table className="table meal-admin__table">
                  <caption className="visually-hidden">
                    Meals of {group.name}
                    {meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Image</th>
                      <th scope="col">Name</th>
                      <th scope="col">Ingredients</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((meal) => (
                      <tr key={meal.id}>
                        <td data-label="Image" className="meal-admin__image-cell">
                          {meal.image_base64 ? (
                            <img className="meal-admin__thumb" src={`data:image/jpeg;base64,${meal.image_base64}`} alt="" />
                          ) : (
                            <span className="muted">None</span>
                          )}
                        </td>
                        <td data-label="Name">
                          <span className="meal-admin__name">{meal.name}</span>
                          {meal.elixir_phase !== null && (
                            <>
                              {' '}
                              <span className="badge badge--accent meal-admin__phase">Phase {meal.elixir_phase}</span>
                            </>
                          )}
                        </td>
                        <td data-label="Ingredients">{meal.ingredient_count}</td>
                        <td className="table__actions-cell">
                          <div className="table__actions">
                            <Link href={mealEditHref(meal.id)} className="button button--ghost button--sm" aria-label={`Edit ${meal.name}`}>
                              EDIT
                            </Link>
                            {meal.elixir_phase === null && (
                              <Button variant="danger" size="sm" aria-label={`Delete ${meal.name}`} onClick={() => setDeleting(meal)}>
                                DELETE
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {list.isPending && <Spinner label="Loading the meals" />}
                {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
                {list.isSuccess && meta?.total === 0 && <p className="empty">{SUPERHUMAN_MESSAGE.noMeals}</p>}
                {list.isSuccess && meta !== undefined && meta.total > 0 && rows.length === 0 && <p className="empty">No meals on this page.</p>}
              </div>
              {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label={`${group.name} pages`} />}
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete meal?"
        text={deleting ? `${deleting.name} will be deleted from ${deleting.meal_group_name}: members will no longer see it. This cannot be undone.` : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** The Aliment tree as links: a group that holds meals opens its list; a parent is a heading over its groups. */
function GroupTree({ nodes, current }: { nodes: readonly MealGroupNode[]; current: number | null }) {
  return (
    <ul className="meal-admin__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          {node.children.length ? (
            <>
              <span className="meal-admin__branch">{node.name}</span>
              <GroupTree nodes={node.children} current={current} />
            </>
          ) : (
            <Link href={mealListHref(node.id)} className="meal-admin__group" aria-current={node.id === current ? 'page' : undefined}>
              {node.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
