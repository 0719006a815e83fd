import type { AdminPageCategoryNode } from '@evolution/shared';
import { listHref } from '../common/listQuery.ts';

export const PAGE_MANAGEMENT = '/admin/page_management';

/** A whole category id from the query string, or null. */
export const categoryParam = (value: string | null): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

export const pageListHref = (categoryId: number, values: { page?: number; search?: string } = {}) =>
  listHref(PAGE_MANAGEMENT, { page_category_id: categoryId, ...values });
export const pageAddHref = (categoryId: number) => `/admin/page/add?page_category_id=${categoryId}`;
export const pageEditHref = (id: number) => `/admin/page/${id}/edit`;

/** Every category of the tree, depth first, with its path of names ("Warrior › General › Version 1"). */
export function flattenCategories(nodes: readonly AdminPageCategoryNode[], trail: string[] = []): { node: AdminPageCategoryNode; path: string }[] {
  return nodes.flatMap((node) => {
    const names = [...trail, node.name];
    return [{ node, path: names.join(' › ') }, ...flattenCategories(node.children, names)];
  });
}
