import { PageContent } from '../../components/PageContent.tsx';

/**
 * A coach's message as the member reads it: its Markdown rendered as content pages are (no raw HTML, safe links only),
 * with a line break inside a paragraph kept, as in a letter. The member's screen, the admin's view of a sent message and
 * the composer's preview all show it through this, so the three read alike (and as the mail does: services/markdown.ts).
 */
export function MessageBody({ text, className }: { text: string; className?: string }) {
  return <PageContent text={text} lineBreaks className={`message-body${className ? ` ${className}` : ''}`} />;
}
