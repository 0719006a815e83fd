import { describe, expect, it } from 'vitest';
import type { AdminPageCategoryNode } from '@evolution/shared';
import { flattenCategories, pageAddHref, pageListHref } from './pageAdmin.ts';

const node = (id: number, name: string, children: AdminPageCategoryNode[] = []): AdminPageCategoryNode => ({
  id,
  name,
  parent: null,
  can_add_pages: id === 4,
  children,
});

describe('the page list state and the category tree', () => {
  it('keeps the category, page and search in the query string (page 1 and an empty search left out)', () => {
    expect(pageListHref(4)).toBe('/admin/page_management?page_category_id=4');
    expect(pageListHref(4, { page: 2, search: 'squat' })).toBe(
      '/admin/page_management?page_category_id=4&page=2&search=squat',
    );
    expect(pageListHref(6, { page: 1, search: '' })).toBe('/admin/page_management?page_category_id=6');
    expect(pageAddHref(4)).toBe('/admin/page/add?page_category_id=4');
  });

  it('flattens the tree depth first with each category’s path', () => {
    const tree = [
      node(1, 'Introduction'),
      node(2, 'Warrior', [node(4, 'Technique guides'), node(5, 'General', [node(6, 'Version 1')])]),
    ];
    expect(flattenCategories(tree).map((c) => [c.node.id, c.path])).toEqual([
      [1, 'Introduction'],
      [2, 'Warrior'],
      [4, 'Warrior › Technique guides'],
      [5, 'Warrior › General'],
      [6, 'Warrior › General › Version 1'],
    ]);
  });
});
