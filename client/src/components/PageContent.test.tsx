import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContent, contentBlocks } from './PageContent.tsx';

describe('content pages as text', () => {
  it('splits paragraphs, bulleted and numbered lists', () => {
    const text = 'Intro line\nsecond line\n\nSet-up\n- Hands wide\n- Brace\n\n2. Train\n   1. VO2 max test\n   2. Upper body';
    expect(contentBlocks(text)).toEqual([
      { kind: 'p', lines: ['Intro line', 'second line'] },
      { kind: 'p', lines: ['Set-up'] },
      { kind: 'ul', items: ['Hands wide', 'Brace'], indent: false, start: 1 },
      { kind: 'ol', items: ['Train'], indent: false, start: 2 },
      { kind: 'ol', items: ['VO2 max test', 'Upper body'], indent: true, start: 1 },
    ]);
  });

  it('renders text, never HTML', () => {
    render(<PageContent text={'<b>bold</b>\n- <img src=x onerror=alert(1)>'} />);
    expect(screen.getByText('<b>bold</b>')).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
