import { describe, expect, it } from 'vitest';
import type { MealGroupNode } from '@evolution/shared';
import { elixirPhaseHref, elixirPhaseOf, findGroup, groupLevelHref, mealHref, mealListHref, routeId } from './links.ts';

const leaf = (id: number, name: string, parent: number): MealGroupNode => ({
  id,
  name,
  parent,
  parent_id: parent,
  children: [],
});
const tree: MealGroupNode[] = [
  leaf(1, 'Elixirs', 0),
  { id: 2, name: 'Major meals', parent: 0, parent_id: 0, children: [leaf(6, 'Vegan', 2), leaf(9, 'Prep', 2)] },
  { id: 3, name: 'Minor meals', parent: 0, parent_id: 0, children: [leaf(10, 'Salads', 3), leaf(11, 'Desserts', 3)] },
];

describe('the superhuman routes (spec section 2)', () => {
  it('links a group to /superhuman/meal/{lower-case name}/{id}, with the page and the meal after it', () => {
    expect(mealListHref({ id: 6, name: 'Vegan' })).toBe('/superhuman/meal/vegan/6');
    expect(mealListHref({ id: 6, name: 'Vegan' }, 2)).toBe('/superhuman/meal/vegan/6?page=2');
    expect(mealListHref({ id: 2, name: 'Major meals' })).toBe('/superhuman/meal/major-meals/2');
    expect(mealHref({ id: 10, name: 'Salads' }, 0)).toBe('/superhuman/meal/salads/10/0');
  });

  it('links the tree levels by parentId, Aliment without one', () => {
    expect([groupLevelHref(0), groupLevelHref(1), groupLevelHref(3)]).toEqual([
      '/superhuman/meal-groups',
      '/superhuman/meal-groups?parentId=1',
      '/superhuman/meal-groups?parentId=3',
    ]);
  });

  it('names the Saturni Elixir phases one to four, both ways', () => {
    expect([1, 2, 3, 4].map(elixirPhaseHref)).toEqual(
      ['one', 'two', 'three', 'four'].map((n) => `/superhuman/meal/saturni-elixir/phase-${n}`),
    );
    expect([1, 2, 3, 4].map((n) => elixirPhaseOf(elixirPhaseHref(n)))).toEqual([1, 2, 3, 4]);
    expect(elixirPhaseOf('/superhuman/meal/saturni-elixir/phase-five')).toBeNull();
  });

  it('finds a group anywhere in the tree', () => {
    expect(findGroup(tree, 11)?.name).toBe('Desserts');
    expect(findGroup(tree, 2)?.children).toHaveLength(2);
    expect(findGroup(tree, 12)).toBeNull();
  });

  it('reads whole-number ids from the route, with a default when absent', () => {
    expect([routeId('3'), routeId(null, 0), routeId('', 0), routeId('x'), routeId('1.5'), routeId('-1')]).toEqual([
      3,
      0,
      0,
      null,
      null,
      null,
    ]);
  });
});
