import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { newlineToBreak } from 'mdast-util-newline-to-break';
import { toHast } from 'mdast-util-to-hast';
import { MARKDOWN_ELEMENTS } from '@evolution/shared';

// Coaches' messages are Markdown. The member's screen renders them with react-markdown (remark: micromark's CommonMark
// parser, mdast, then hast); a mail renders them here with the same parser and the same steps, so both read alike,
// under the rules of client/src/components/PageContent.tsx: no raw HTML (it shows as text), no pictures, safe links.

type Hast = ReturnType<typeof toHast>;
type HastParent = Extract<Hast, { children: unknown[] }>;
type HastChild = HastParent['children'][number];
type MarkdownTree = ReturnType<typeof fromMarkdown>;
type MarkdownNode = MarkdownTree | MarkdownTree['children'][number];

/** What Markdown may become (the screen's list too); any other element gives way to its contents. */
const ALLOWED = new Set(MARKDOWN_ELEMENTS);

/** The link protocols a message may use: the client's (react-markdown's) list less irc: and xmpp:. */
const SAFE_PROTOCOL = /^(https?|mailto)$/i;

/**
 * A link's address when it is safe to follow (http, https, mailto, or relative: then resolved against `base`, as a
 * mail has no page to be relative to); '' for anything else (javascript:, data:). react-markdown's defaultUrlTransform.
 */
function linkUrl(raw: string, base: string): string {
  const url = raw.trim();
  const colon = url.indexOf(':');
  const before = (c: string) => url.indexOf(c) !== -1 && colon > url.indexOf(c);
  const relative = colon === -1 || before('/') || before('?') || before('#');
  if (!relative) return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
  if (!url) return '';
  try {
    return new URL(url, `${base.replace(/\/+$/, '')}/`).href;
  } catch {
    return '';
  }
}

/** Inline styles, as mail programs drop style sheets; colours for a light background. */
const STYLE: Record<string, string> = {
  p: 'margin:0 0 12px',
  h2: 'margin:18px 0 8px;font-size:17px;line-height:1.4',
  h3: 'margin:16px 0 8px;font-size:16px;line-height:1.4',
  h4: 'margin:14px 0 6px;font-size:15px;line-height:1.4',
  h5: 'margin:14px 0 6px;font-size:15px;line-height:1.4',
  h6: 'margin:14px 0 6px;font-size:15px;line-height:1.4',
  ul: 'margin:0 0 12px;padding-left:24px',
  ol: 'margin:0 0 12px;padding-left:24px',
  li: 'margin:0 0 4px',
  a: 'color:#b93d0b;text-decoration:underline',
  blockquote: 'margin:0 0 12px;padding:4px 0 4px 12px;border-left:3px solid #ff6b2c;color:#374151',
  code: 'padding:1px 4px;border-radius:3px;background:#f1f2f4;font-family:Menlo,Consolas,monospace;font-size:0.92em',
  pre: 'margin:0 0 12px;padding:12px;border-radius:6px;background:#f1f2f4;white-space:pre-wrap',
  hr: 'margin:16px 0;border:0;border-top:1px solid #d9dce1',
};

/** Applies the rules to a parent's children, in place: raw HTML to text, other elements unwrapped, links made safe. */
function tidy(parent: HastParent, base: string): void {
  const children = parent.children as HastChild[];
  for (let i = 0; i < children.length;) {
    const node = children[i]!;
    if (node.type === 'raw') {
      // react-markdown shows raw HTML as the text it is; the serializer then escapes it.
      children[i] = { type: 'text', value: node.value };
      i++;
      continue;
    }
    if (node.type !== 'element') {
      i++;
      continue;
    }
    // The mail's subject is its title: a '# Heading' in the text reads as a section heading, as on the screen.
    if (node.tagName === 'h1') node.tagName = 'h2';
    let keep = ALLOWED.has(node.tagName);
    if (keep && node.tagName === 'a') {
      const href = linkUrl(String(node.properties.href ?? ''), base);
      keep = href !== '';
      const title = node.properties.title;
      node.properties = { href, target: '_blank', rel: ['noopener', 'noreferrer', 'nofollow'] };
      if (title !== undefined && title !== null) node.properties.title = title;
    }
    if (!keep) {
      // The words stay, the element goes (a picture has none).
      children.splice(i, 1, ...(node.children as HastChild[]));
      continue;
    }
    // Code in a code block takes the block's look, not the inline one's.
    const style = node.tagName === 'code' && 'tagName' in parent && parent.tagName === 'pre' ? '' : STYLE[node.tagName];
    if (style) node.properties.style = style;
    tidy(node, base);
    i++;
  }
}

/**
 * A message's Markdown as an HTML fragment for a mail: CommonMark, a line break in a paragraph kept (as the member's
 * screen keeps it), raw HTML escaped as text, pictures left out, unsafe links reduced to their words and relative ones
 * resolved against `base` (the app's address). Inline-styled for mail programs.
 */
export function markdownToMailHtml(markdown: string, base: string): string {
  const tree = fromMarkdown(markdown);
  newlineToBreak(tree);
  const hast = toHast(tree, { allowDangerousHtml: true });
  if (!('children' in hast)) return '';
  tidy(hast as HastParent, base);
  // allowDangerousHtml stays off: any raw node left over is escaped, never written as markup.
  return toHtml(hast);
}

/** Nodes whose children are blocks: each child's words are kept apart from the next one's. */
const FLOW = new Set(['root', 'blockquote', 'list', 'listItem']);

function words(node: MarkdownNode, out: string[]): void {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
    case 'html':
      out.push(node.value);
      return;
    case 'break':
      out.push(' ');
      return;
    // A picture is left out on the member's screen, so its words are too.
    case 'image':
    case 'imageReference':
    case 'definition':
      return;
    default:
      if (!('children' in node)) return;
      for (const child of node.children) {
        words(child as MarkdownNode, out);
        if (FLOW.has(node.type)) out.push(' ');
      }
  }
}

/**
 * A message's Markdown as plain words on one line, at most `max` characters (an ellipsis ends a cut one): emphasis,
 * heading and list marks go, a link keeps its words, raw HTML stays as the text the member sees.
 */
export function markdownToPlainText(markdown: string, max: number): string {
  const out: string[] = [];
  words(fromMarkdown(markdown), out);
  const plain = out.join('').replace(/\s+/g, ' ').trim();
  const chars = Array.from(plain);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : plain;
}
