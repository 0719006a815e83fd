import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mail } from './mail.ts';

/**
 * Queues a mail in PostgreSQL on the caller's EntityManager (inside its transaction when there is one, so a write that
 * rolls back sends nothing); a worker sends it later and retries a failed send. Built by issue 11's queue work.
 */
export async function enqueueMail(_em: EntityManager, _mail: Mail): Promise<void> {
  throw new Error('enqueueMail is being built (issue 11)');
}
