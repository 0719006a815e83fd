import { ELIXIR_PHASE_NAMES, MEAL_GROUP } from '@evolution/shared/constants';
import type { MealGroupNode } from '@evolution/shared';
import { listHref } from '../common/listQuery.ts';

// Where the admin meal screens link to, and the group tree as they use it.

export const MEAL_MANAGEMENT = '/admin/meal_management';

/** The meal list of a group, at a page (docs/spec/admin.md §2: meal_group and page in the query string). */
export const mealListHref = (groupId: number | null, page = 1): string =>
  listHref(MEAL_MANAGEMENT, { meal_group: groupId, page });
export const mealAddHref = (groupId: number | null): string => listHref('/admin/meal/add', { meal_group: groupId });
export const mealEditHref = (id: number): string => `/admin/meal/${id}/edit`;

/** The member's address of a Saturni Elixir phase (1 to 4). */
export const elixirPhaseMemberPath = (phase: number): string =>
  `/superhuman/meal/saturni-elixir/phase-${ELIXIR_PHASE_NAMES[phase - 1] ?? ELIXIR_PHASE_NAMES[0]}`;

/** A group that holds meals (no groups under it), with the name of the branch it sits in. */
export interface MealHoldingGroup {
  id: number;
  name: string;
  /** The top-level group it sits under ('Major meals'), or null for a top-level group such as Elixirs. */
  branch: string | null;
}

/** The groups that hold meals, in tree order: the leaves of the Aliment tree. */
export function mealHoldingGroups(tree: readonly MealGroupNode[], branch: string | null = null): MealHoldingGroup[] {
  return tree.flatMap((g) =>
    g.children.length ? mealHoldingGroups(g.children, g.name) : [{ id: g.id, name: g.name, branch }],
  );
}

/** The leaves grouped by branch, for a select's optgroups: a top-level leaf is a group of its own with no label. */
export function groupOptions(tree: readonly MealGroupNode[]): { label: string | null; groups: MealHoldingGroup[] }[] {
  return tree.map((g) =>
    g.children.length
      ? { label: g.name, groups: mealHoldingGroups(g.children, g.name) }
      : { label: null, groups: [{ id: g.id, name: g.name, branch: null }] },
  );
}

export const isElixirs = (groupId: number | null): boolean => groupId === MEAL_GROUP.elixirs;
