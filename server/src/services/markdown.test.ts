import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { markdownToMailHtml, markdownToPlainText } from './markdown.ts';
import { mailFor } from './messageDelivery.ts';

const BASE = 'https://evolution.example';

describe("a message's Markdown in a mail", () => {
  it('renders bold words, a list and kept line breaks, with inline styles', () => {
    const html = markdownToMailHtml('**Rest well**,\nthen train.\n\n- Sleep\n- Walk', BASE);
    expect(html).toContain('<strong>Rest well</strong>,<br>');
    expect(html).toMatch(/<ul style="[^"]+">\s*<li style="[^"]+">Sleep<\/li>\s*<li style="[^"]+">Walk<\/li>/);
  });

  it('escapes raw HTML, drops unsafe links and pictures, and resolves relative links against the app', () => {
    const html = markdownToMailHtml(
      '<script>alert(1)</script>\n\n[Bad](javascript:alert(1)) [Data](data:text/html,x) [Chat](xmpp:a@b) ' +
        '[Inbox](#/with_menu/messages) ![pic](https://example.com/p.png) <img src=x onerror=alert(1)>',
      BASE,
    );
    expect(html).not.toMatch(/<script|<img|javascript:|data:|xmpp:|p\.png/);
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
    expect(html).toContain('Bad Data Chat');
    expect(html).toContain('<a href="https://evolution.example/#/with_menu/messages" target="_blank"');
  });

  it('reads a "#" heading as a section heading and keeps only the allowed elements', () => {
    const html = markdownToMailHtml('# Week 3\n\n> Keep going\n\n```\nsquat <5>\n```', BASE);
    expect(html).toMatch(/^<h2 style="[^"]+">Week 3<\/h2>/);
    expect(html).toMatch(/<blockquote style="[^"]+">/);
    expect(html).toContain('<pre style="');
    expect(html).toContain('<code>squat &#x3C;5>\n</code></pre>');
  });
});

describe("a message's Markdown as plain words", () => {
  it('drops the marks, keeps link words and raw HTML as text, and separates blocks', () => {
    expect(
      markdownToPlainText(
        '## Plan\n\n**Rest well**,\nthen `train`.\n\n- Sleep\n- [Walk](https://x.example)\n\n<b>hi</b>',
        140,
      ),
    ).toBe('Plan Rest well, then train. Sleep Walk <b>hi</b>');
  });

  it('cuts a long message to the length given, ending in an ellipsis', () => {
    const cut = markdownToPlainText('word '.repeat(60), 140);
    expect(Array.from(cut)).toHaveLength(140);
    expect(cut.endsWith('word…') || cut.endsWith('wor…')).toBe(true);
    expect(markdownToPlainText('Short.', 140)).toBe('Short.');
  });
});

describe("a message's mail", () => {
  it('has a plain-text part with the Markdown as written and an HTML part with it rendered, names escaped', () => {
    const body = '**Rest well**\n\n- Sleep';
    const mail = mailFor(
      { appUrl: BASE } as AppConfig,
      { email: 'sam@example.com', name: 'Sam <b>Lee</b>' },
      { id: 7, subject: 'Deload & rest', body, sender_name: null },
      markdownToMailHtml(body, BASE),
    );
    expect(mail.text).toBe(
      `Hello Sam <b>Lee</b>,\n\nYour coach sent you a message:\n\n${body}\n\nRead it in your inbox: ${BASE}/#/with_menu/messages/7\n`,
    );
    expect(mail.html).toContain('Hello Sam &#60;b&#62;Lee&#60;/b&#62;,');
    expect(mail.html).toContain('<title>Deload &#38; rest</title>');
    expect(mail.html).toContain('<strong>Rest well</strong>');
    expect(mail.html).toContain(`<a href="${BASE}/#/with_menu/messages/7"`);
  });
});
