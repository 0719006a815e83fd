import nodemailer, { type Transporter } from 'nodemailer';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { serviceLog } from './log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const transports = new WeakMap<AppConfig, Transporter>();
// Builds the raw message without sending it, for the outbox.
const outboxBuilder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** Closes this app's SMTP connections (the server closing). */
export function closeMailTransport(config: AppConfig): void {
  transports.get(config)?.close();
  transports.delete(config);
}

/**
 * Sends a mail through SMTP_URL, or without one writes it to `<dataDir>/outbox/*.eml` and to the log with its text (so
 * a reset link is at hand on a machine with no mail server: docs/product.md §6).
 */
export async function sendMail(config: AppConfig, mail: Mail): Promise<void> {
  const message = { from: config.mailFrom, ...mail };
  if (config.smtpUrl) {
    let transport = transports.get(config);
    // Pooled: a broadcast's thousands of mails reuse a few open SMTP connections instead of one handshake per mail
    // (the URL's own options, such as ?pool=false or &maxConnections=10, win).
    if (!transport)
      transports.set(
        config,
        (transport = nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: 4 })),
      );
    await transport.sendMail(message);
    return;
  }
  const built = await outboxBuilder.sendMail(message);
  const dir = join(config.dataDir, 'outbox');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
  await writeFile(file, built.message as Buffer, { mode: 0o600 });
  serviceLog(config, 'info', 'Mail written to the outbox (no SMTP_URL)', {
    to: mail.to,
    subject: mail.subject,
    file,
    text: mail.text,
  });
}
