import type { ReactNode } from 'react';

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[]; indent: boolean; start: number };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*(\d+)[.)]\s+(.*)$/;

/**
 * Splits a content page's plain text into paragraphs and lists: blank lines separate blocks, `- ` lines form a
 * bulleted list and `1. ` lines a numbered one (indented numbers too). Content stays text: nothing is parsed as HTML.
 */
export function contentBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  // Whether the last block is still open (no blank line since).
  let open = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      open = false;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const kind = bullet ? 'ul' : numbered ? 'ol' : 'p';
    const body = (bullet?.[1] ?? numbered?.[2] ?? line).trim();
    const indent = /^\s/.test(line);
    const last = open ? blocks[blocks.length - 1] : undefined;
    if (last?.kind === 'p' && kind === 'p') {
      last.lines.push(body);
      continue;
    }
    if (last && last.kind !== 'p' && last.kind === kind && last.indent === indent) {
      last.items.push(body);
      continue;
    }
    blocks.push(kind === 'p' ? { kind, lines: [body] } : { kind, items: [body], indent, start: numbered ? Number(numbered[1]) : 1 });
    open = true;
  }
  return blocks;
}

/** A content page's text (introductions, technique guides, phase instructions) as paragraphs and lists. */
export function PageContent({ text, className }: { text: string; className?: string }) {
  const blocks = contentBlocks(text);
  return (
    <div className={`page-content${className ? ` ${className}` : ''}`}>
      {blocks.map((b, i): ReactNode => {
        if (b.kind !== 'p') {
          const items = b.items.map((item, j) => <li key={j}>{item}</li>);
          const nested = b.indent ? 'page-content__nested' : undefined;
          return b.kind === 'ul' ? <ul key={i} className={nested}>{items}</ul> : <ol key={i} className={nested} start={b.start}>{items}</ol>;
        }
        // A one-line paragraph followed by a list reads as that list's heading.
        const next = blocks[i + 1];
        const heading = b.lines.length === 1 && next && next.kind !== 'p' && b.lines[0]!.length <= 60;
        // A short first line without end punctuation above more lines is their title ("Photos", "Set-up").
        const titled = b.lines.length > 1 && b.lines[0]!.length <= 40 && !/[.:!?,;]$/.test(b.lines[0]!);
        return (
          <p key={i} className={heading ? 'page-content__lead' : undefined}>
            {b.lines.map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {titled && j === 0 ? <strong className="page-content__title">{line}</strong> : line}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
