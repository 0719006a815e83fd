import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { MARKDOWN_ELEMENTS } from '@evolution/shared';
import './PageContent.css';

/** A link's address when it is safe to follow (http, https, mailto or relative); anything else (javascript:, data:) becomes none. */
export function contentUrl(url: string): string {
  const safe = defaultUrlTransform(url.trim());
  // react-markdown also lets irc: and xmpp: through; a coaching page has no use for them.
  return /^(ircs?|xmpp):/i.test(safe) ? '' : safe;
}

const isExternal = (href: string | undefined) => Boolean(href && /^[a-z][a-z\d+.-]*:/i.test(href));

function ContentLink({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  // An unsafe address was emptied by contentUrl: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  const external = isExternal(href);
  return (
    <a
      {...rest}
      href={href}
      className="page-content__link"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
    >
      {children}
    </a>
  );
}

const components: Components = {
  // The screen's title is the page's one h1: a '# Heading' in the text reads as a section heading.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ContentLink,
};

const LINE_BREAKS = [remarkBreaks];

/**
 * A content page's Markdown (introductions, technique guides, phase instructions, meal descriptions), rendered with
 * react-markdown: CommonMark only, no raw HTML, unsafe link addresses dropped. Used by the member screens and by the
 * admin editor's live preview, so both read the same. `lineBreaks` keeps a line break inside a paragraph (remark-breaks),
 * for text written as a letter: a coach's message.
 */
export function PageContent({
  text,
  className,
  lineBreaks,
}: {
  text: string;
  className?: string;
  lineBreaks?: boolean;
}) {
  return (
    <div className={`page-content${className ? ` ${className}` : ''}`}>
      <Markdown
        remarkPlugins={lineBreaks ? LINE_BREAKS : undefined}
        allowedElements={MARKDOWN_ELEMENTS}
        unwrapDisallowed
        skipHtml={false}
        urlTransform={contentUrl}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
