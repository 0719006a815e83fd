import { describe, expect, it } from 'vitest';
import type { MealGroupNode } from '@evolution/shared';
import { elixirPhaseMemberPath, groupOptions, mealAddHref, mealHoldingGroups, mealListHref } from './mealAdmin.ts';

const node = (id: number, name: string, parent: number, children: MealGroupNode[] = []): MealGroupNode => ({
  id,
  name,
  parent,
  parent_id: parent,
  children,
});
const TREE = [
  node(1, 'Elixirs', 0),
  node(2, 'Major meals', 0, [node(6, 'Vegan', 2), node(7, 'Vegetarian', 2)]),
  node(3, 'Minor meals', 0, [node(10, 'Salads', 3)]),
];

describe('the admin meal screens', () => {
  it('offer only the groups that hold meals: the leaves of the tree, in order', () => {
    expect(mealHoldingGroups(TREE).map((g) => [g.id, g.branch])).toEqual([
      [1, null],
      [6, 'Major meals'],
      [7, 'Major meals'],
      [10, 'Minor meals'],
    ]);
    expect(groupOptions(TREE).map((o) => [o.label, o.groups.map((g) => g.name)])).toEqual([
      [null, ['Elixirs']],
      ['Major meals', ['Vegan', 'Vegetarian']],
      ['Minor meals', ['Salads']],
    ]);
  });

  it('keep the group and page in the query string', () => {
    expect(mealListHref(6)).toBe('/admin/meal_management?meal_group=6');
    expect(mealListHref(6, 3)).toBe('/admin/meal_management?meal_group=6&page=3');
    expect(mealListHref(null)).toBe('/admin/meal_management');
    expect(mealAddHref(1)).toBe('/admin/meal/add?meal_group=1');
    expect(elixirPhaseMemberPath(4)).toBe('/superhuman/meal/saturni-elixir/phase-four');
  });
});
