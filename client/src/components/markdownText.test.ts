import { describe, expect, it } from 'vitest';
import { markdownExcerpt } from './markdownText.ts';

describe('a Markdown excerpt', () => {
  it('is the first paragraph in plain words', () => {
    expect(markdownExcerpt('The push-up is a **moving plank**.\nEvery rep.\n\n## Set-up\n- Hands')).toBe(
      'The push-up is a moving plank. Every rep.',
    );
  });

  it('skips a leading heading and drops list, link and code marks', () => {
    expect(markdownExcerpt('## Set-up\n\n- Thumbs *around* the [bar](https://example.com)\n- Grip `hard`')).toBe(
      'Thumbs around the bar Grip hard',
    );
  });

  it('cuts a long paragraph with an ellipsis', () => {
    const cut = markdownExcerpt('word '.repeat(60));
    expect(cut.length).toBe(158);
    expect(cut.endsWith('…')).toBe(true);
  });
});
