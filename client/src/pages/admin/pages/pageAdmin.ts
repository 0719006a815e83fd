import type { AdminPageCategoryNode } from '@evolution/shared';
import { listHref } from '../common/listQuery.ts';

export const PAGE_MANAGEMENT = '/admin/page_management';

export const pageListHref = (categoryId: number, values: { page?: number; search?: string } = {}) =>
  listHref(PAGE_MANAGEMENT, { page_category_id: categoryId, ...values });
export const pageAddHref = (categoryId: number) => `/admin/page/add?page_category_id=${categoryId}`;
export const pageEditHref = (id: number) => `/admin/page/${id}/edit`;

/** Every category of the tree, depth first, with its path of names ("Warrior › General › Version 1"). */
export function flattenCategories(
  nodes: readonly AdminPageCategoryNode[],
  trail: string[] = [],
): { node: AdminPageCategoryNode; path: string }[] {
  return nodes.flatMap((node) => {
    const names = [...trail, node.name];
    return [{ node, path: names.join(' › ') }, ...flattenCategories(node.children, names)];
  });
}
