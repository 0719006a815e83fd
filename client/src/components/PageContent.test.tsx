import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContent, contentUrl } from './PageContent.tsx';

const html = (text: string) => render(<PageContent text={text} />).container.querySelector('.page-content')!;

describe('content pages as Markdown', () => {
  it('renders section headings, with a "#" heading kept below the screen title', () => {
    const content = html('Intro line\n\n## Set-up\n- Hands wide\n\n# Big\n\n### Small');
    expect([...content.querySelectorAll('h2, h3')].map((h) => `${h.tagName}:${h.textContent}`)).toEqual([
      'H2:Set-up',
      'H2:Big',
      'H3:Small',
    ]);
    expect(content.querySelector('h1')).toBeNull();
  });

  it('renders bulleted, numbered and nested lists, and a numbered list that starts later', () => {
    const content = html(
      '- Hands wide\n- Brace\n\n2. Train\n   1. VO2 max test\n   2. Upper body\n\n   Only the active phase can be opened.\n3. Rest',
    );
    expect([...content.querySelectorAll(':scope > ul > li')].map((li) => li.textContent)).toEqual([
      'Hands wide',
      'Brace',
    ]);
    const ol = content.querySelector(':scope > ol')!;
    expect(ol.getAttribute('start')).toBe('2');
    expect(ol.querySelectorAll(':scope > li')).toHaveLength(2);
    expect([...ol.querySelectorAll('li ol > li')].map((li) => li.textContent)).toEqual(['VO2 max test', 'Upper body']);
    expect(ol.querySelector(':scope > li > p:last-child')?.textContent).toBe('Only the active phase can be opened.');
  });

  it('renders emphasis and safe links; outside addresses open in a new tab without the opener', () => {
    const content = html(
      '**Calibrate.** Read the [guide](#/warrior/technique-guides) or [the study](https://example.com/vo2) or [mail us](mailto:coach@example.com).',
    );
    expect(content.querySelector('strong')?.textContent).toBe('Calibrate.');
    const links = [...content.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#/warrior/technique-guides',
      'https://example.com/vo2',
      'mailto:coach@example.com',
    ]);
    expect(links[0]!.getAttribute('target')).toBeNull();
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows raw HTML as text: a <script> or an <img onerror> never becomes an element', () => {
    const content = html(
      '<script>window.pwned = 1</script>\n\nHello <img src=x onerror="window.pwned = 1"> there <b>bold</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(content.querySelector('script, img, iframe, b')).toBeNull();
    expect(content.textContent).toContain('<script>window.pwned = 1</script>');
    expect(content.textContent).toContain('<img src=x onerror="window.pwned = 1">');
    expect(content.innerHTML).not.toMatch(/<(script|img|iframe|b)\b/);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('drops javascript:, data: and vbscript: links, keeping their words as plain text', () => {
    const content = html(
      '[click](javascript:alert(1)) [encoded](javascript&#58;alert(1)) [upper](JaVaScRiPt:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) <javascript:alert(1)>',
    );
    expect(content.querySelectorAll('a')).toHaveLength(0);
    expect(content.textContent).toContain('click');
    // The autolink's words stay as inert text; no attribute carries an address.
    expect(content.innerHTML).not.toMatch(/(href|src)=/i);
    expect(content.textContent).toContain('javascript:alert(1)');
  });

  it('leaves Markdown images out: pictures come from the page upload', () => {
    const content = html('Look ![tracker](https://evil.example/pixel.png) here');
    expect(content.querySelector('img')).toBeNull();
  });

  it('keeps only http, https, mailto and relative addresses', () => {
    expect(contentUrl('https://example.com')).toBe('https://example.com');
    expect(contentUrl('#/introduction?type=warrior')).toBe('#/introduction?type=warrior');
    expect(contentUrl('/api/docs')).toBe('/api/docs');
    expect(contentUrl(' javascript:alert(1)')).toBe('');
    expect(contentUrl('irc://example.com')).toBe('');
    expect(contentUrl('xmpp:coach@example.com')).toBe('');
  });
});
