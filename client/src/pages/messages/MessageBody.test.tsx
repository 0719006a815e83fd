import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBody } from './MessageBody.tsx';

const body = (text: string) => render(<MessageBody text={text} />).container.querySelector('.message-body')!;

describe("a coach's message", () => {
  it('renders its Markdown: bold words, a list and a safe link, with no marks left', () => {
    const message = body(
      '**Rest well** this week.\n\n- Sleep eight hours\n- Walk daily\n\nRead the [stretch guide](https://example.com/stretch).',
    );
    expect(message.querySelector('strong')?.textContent).toBe('Rest well');
    expect([...message.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Sleep eight hours',
      'Walk daily',
    ]);
    const link = message.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/stretch');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(message.textContent).not.toMatch(/\*\*|\[|\]\(/);
  });

  it('keeps a line break inside a paragraph, as a letter is written', () => {
    const message = body('Hi Sam,\nGreat week.\nCoach Kay');
    const paragraph = message.querySelector('p')!;
    expect(paragraph.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph.textContent?.replace(/\n/g, '')).toBe('Hi Sam,Great week.Coach Kay');
  });

  it('shows raw HTML as text and drops an unsafe link, keeping its words', () => {
    const message = body('<script>window.pwned = 1</script>\n\n[Click](javascript:alert(1)) and <b>bold</b>');
    expect(message.querySelector('script, b, a')).toBeNull();
    expect(message.textContent).toContain('<script>window.pwned = 1</script>');
    expect(message.textContent).toContain('Click and <b>bold</b>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });
});
