/** The pagination widget shows 5 page links (spec section 9). */
const PAGE_LINKS = 5;

/** The page numbers to show around the current page, at most `links` of them, within 1..last. */
export function pageWindow(current: number, last: number, links: number = PAGE_LINKS): number[] {
  const total = Math.max(1, Math.floor(last));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(links, total);
  let start = page - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The page to go to instead of the one answered, when it lies past the last (`?page=99` of 2 pages): the last page;
 * null when the answered page exists.
 */
export function pageToClampTo(meta: { current_page: number; last_page: number } | undefined): number | null {
  if (!meta) return null;
  const last = Math.max(1, Math.floor(meta.last_page));
  return meta.current_page > last ? last : null;
}
