import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, vi } from 'vitest';

/** How long a test waits for the job queue's worker to send a mail: generous, as the whole suite's load can slow it. */
export const MAIL_WAIT = { timeout: 20_000, interval: 25 } as const;

/** Waits (MAIL_WAIT, or `wait`) until `count` answers 0: the job queue has nothing left of what it counts. */
export async function untilNone(
  count: () => Promise<number>,
  what: string,
  wait: { timeout: number; interval: number } = MAIL_WAIT,
): Promise<void> {
  await vi.waitFor(async () => {
    if ((await count()) !== 0) throw new Error(`${what} did not drain`);
  }, wait);
}

/** Quoted-printable soft breaks and escapes undone, so a mail's text (and its links) read as sent. */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The mails in `inbox` (from index `since`) to `email`, decoded; with `subject`, only those with that subject. */
export function mailsTo(
  inbox: readonly string[],
  email: string,
  { since = 0, subject }: { since?: number; subject?: string } = {},
): string[] {
  const to = `to: ${email.toLowerCase()}`;
  return inbox
    .slice(since)
    .map(decodeQuotedPrintable)
    .filter((m) => m.toLowerCase().includes(to) && (subject === undefined || m.includes(`Subject: ${subject}`)));
}

/** Waits until the job queue's worker has sent `count` mails to `email` (as mailsTo picks them) and answers them. */
export function waitForMails(
  inbox: readonly string[],
  email: string,
  { count = 1, ...which }: { since?: number; subject?: string; count?: number } = {},
): Promise<string[]> {
  return vi.waitFor(() => {
    const found = mailsTo(inbox, email, which);
    if (found.length < count) throw new Error(`no mail${which.subject ? ` "${which.subject}"` : ''} to ${email}`);
    return found;
  }, MAIL_WAIT);
}

/** One mail as the test SMTP server received it: the envelope's recipients and the raw message. */
export interface Delivery {
  to: string[];
  raw: string;
}

/** A real SMTP server started by startTestSmtp. */
export interface TestSmtp {
  url: string;
  port: number;
  /** Each raw message as it arrived. */
  inbox: string[];
  /** The same, with its recipients. */
  deliveries: Delivery[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on `port` (any free one by default) that the caller closes. `onRcptTo` lets a test refuse or slow
 * a send.
 */
export async function startTestSmtp(
  options: { port?: number; hooks?: Pick<SMTPServerOptions, 'onRcptTo'> } = {},
): Promise<TestSmtp> {
  const inbox: string[] = [];
  const deliveries: Delivery[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS lookup of the client (127.0.0.1) on each connection: it can take seconds in a sandbox.
    disableReverseLookup: true,
    // The app keeps pooled connections open: the caller's close() ends them after 100 ms rather than waiting 30 s.
    closeTimeout: 100,
    ...options.hooks,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        inbox.push(raw);
        deliveries.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    deliveries,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * A real SMTP server for one test file (the app sends through its `url`), closed after the file; `inbox` holds each
 * raw message as it arrived, `deliveries` the same with its recipients. `onRcptTo` lets a test refuse or slow a send.
 */
export async function useTestSmtp(
  hooks: Pick<SMTPServerOptions, 'onRcptTo'> = {},
): Promise<{ url: string; inbox: string[]; deliveries: Delivery[] }> {
  const smtp = await startTestSmtp({ hooks });
  afterAll(() => smtp.close());
  return { url: smtp.url, inbox: smtp.inbox, deliveries: smtp.deliveries };
}
