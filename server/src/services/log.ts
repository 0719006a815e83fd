import type { AppConfig } from '../config.ts';

/** A log line from a service that has no request logger at hand (mail outbox, payment-provider failures). */
export function serviceLog(
  config: Pick<AppConfig, 'logLevel'>,
  level: 'info' | 'warn' | 'error',
  msg: string,
  detail: Record<string, unknown> = {},
): void {
  if (config.logLevel === 'silent') return;
  const line = JSON.stringify({ level, time: Date.now(), msg, ...detail });
  if (level === 'info') console.log(line);
  else console.error(line);
}
