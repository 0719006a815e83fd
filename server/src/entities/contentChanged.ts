import type { TriggerDef } from '@mikro-orm/core';
import { CONTENT_CHANNEL } from '../services/contentCache.ts';

/**
 * On every table of admin-edited content: any write (by any instance, a seed, or by hand) NOTIFYs `evolution_content`
 * once per statement, delivered on commit, so every server instance drops its cached content (services/contentCache.ts).
 */
export const contentChanged: TriggerDef = {
  name: 'content_changed',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'statement',
  body: `perform pg_notify('${CONTENT_CHANNEL}', TG_TABLE_NAME); return null`,
};
