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
