/**
 * The first block of a page's Markdown as plain words, for a list's excerpt: heading, list and quote markers,
 * emphasis and code marks go, a link keeps its words. Raw HTML stays as the text it is.
 */
export function markdownExcerpt(markdown: string, max = 160): string {
  const blocks = markdown.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  // A heading alone is a title, not a summary: the first block with words beyond its own markers.
  const first = blocks.find((b) => b.trim() && !/^\s*#{1,6}\s[^\n]*$/.test(b.trim())) ?? blocks[0] ?? '';
  const plain = first
    .split('\n')
    .map((line) => line.replace(/^\s*(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, ''))
    .join(' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 3).trimEnd()}…` : plain;
}
