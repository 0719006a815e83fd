import { ELIXIR_PHASE_NAMES, MEAL_GROUP } from '@evolution/shared/constants';
import type { MealGroupNode } from '@evolution/shared';

// Where the superhuman screens link to each other (docs/spec/member-and-public.md §2), in one place.

export const SUPERHUMAN_HOME = '/superhuman/ground-zero';
export const ALIMENT = '/superhuman/meal-groups';
export const UPGRADE_SUPERHUMAN = '/upgrade/superhuman';

/** A level of the meal group tree: Aliment (0) or the groups under a parent. */
export const groupLevelHref = (parentId: number): string =>
  parentId === MEAL_GROUP.aliment ? ALIMENT : `${ALIMENT}?parentId=${parentId}`;

/** A group's name as it stands in its route: lower case, spaces as hyphens ('Vegan' → 'vegan'). */
const groupSlug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

/** A group's paged meal list: /superhuman/meal/{groupName}/{groupId}. */
export function mealListHref(group: { id: number; name: string }, page = 1): string {
  const base = `/superhuman/meal/${encodeURIComponent(groupSlug(group.name))}/${group.id}`;
  return page > 1 ? `${base}?page=${page}` : base;
}

/** A meal of a group: /superhuman/meal/{groupName}/{groupId}/{mealId}. */
export const mealHref = (group: { id: number; name: string }, mealId: number): string =>
  `${mealListHref(group)}/${mealId}`;

/** The route of Saturni Elixir phase 1 to 4. */
export const elixirPhaseHref = (phase: number): string =>
  `/superhuman/meal/saturni-elixir/phase-${ELIXIR_PHASE_NAMES[phase - 1] ?? ELIXIR_PHASE_NAMES[0]}`;

/** The phase (1 to 4) a Saturni Elixir route shows, from its path's last part ('phase-two' → 2); null for any other path. */
export function elixirPhaseOf(path: string): number | null {
  const name = /\/phase-([a-z]+)\/?$/.exec(path)?.[1];
  const index = ELIXIR_PHASE_NAMES.findIndex((n) => n === name);
  return index < 0 ? null : index + 1;
}

/** A group anywhere in the tree, or null. */
export function findGroup(groups: readonly MealGroupNode[], id: number): MealGroupNode | null {
  for (const group of groups) {
    if (group.id === id) return group;
    const found = findGroup(group.children, id);
    if (found) return found;
  }
  return null;
}

/** A whole number id from a route or query value ('3' → 3); null for anything else. */
export function routeId(value: string | null | undefined, fallback: number | null = null): number | null {
  if (value === null || value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}
