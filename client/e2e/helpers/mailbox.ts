import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lane } from './browser.ts';
import type { StoredMail } from './global-setup.ts';

/** A message the test SMTP server received, with its text body decoded. */
export interface ReceivedMail extends StoredMail {
  subject: string;
  text: string;
}

/** Every message received so far, oldest first. */
function allMail(dir: string = lane().mailDir): ReceivedMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => decodeMail(JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMail));
}

/** Waits for the newest message to `to` (envelope recipient), optionally one matching `subject`. */
export async function waitForMail(
  to: string,
  { subject, timeoutMs = 15_000 }: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  const wanted = to.toLowerCase();
  for (;;) {
    const found = allMail()
      .filter((m) => m.to.some((t) => t.toLowerCase() === wanted) && (!subject || subject.test(m.subject)))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} within ${timeoutMs / 1000} s (${allMail().length} received in all)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a message's text that matches `pattern`. */
export function linkIn(mail: ReceivedMail, pattern: RegExp = /https?:\/\/\S+/): string {
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`No link matching ${pattern} in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

// --- a small MIME reader: enough for nodemailer's text/plain (and multipart/alternative) messages ---

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Continuation lines (starting with white space) belong to the header above.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words in a header (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
const decodeHeader = (value: string) =>
  value.replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

/** The text/plain content of a MIME entity, looking inside multipart bodies. */
function plainText(headers: Map<string, string>, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = splitMessage(part.replace(/^\n/, ''));
      const text = plainText(inner.headers, inner.body);
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : null;
}

function decodeMail(mail: StoredMail): ReceivedMail {
  const { headers, body } = splitMessage(mail.raw);
  return { ...mail, subject: decodeHeader(headers.get('subject') ?? ''), text: plainText(headers, body) ?? '' };
}
