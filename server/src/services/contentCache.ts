import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { db, type Database } from '../db/kysely.ts';

/**
 * Content that changes only when an admin edits it (the programme's tracks, pages, ladders and calibrations, the
 * channels and plans) is read once per server instance and kept. A trigger on each content table NOTIFYs
 * `evolution_content` on commit (migration content_changed); every instance LISTENs (services/live.ts) and drops its
 * copy, so an edit on one instance is seen by all. The admin services that edit content also drop this instance's
 * copy themselves once their write has committed (editingContent), so the admin's next screen never shows the old
 * content; nothing else does (a stranger's refused call never reaches them).
 */
export const CONTENT_CHANNEL = 'evolution_content';

interface Slot<T> {
  generation: number;
  value?: Promise<T>;
}

/** The cached reads of one database (one ORM): keyed by the ORM's configuration, so two apps in a process stay apart. */
class ContentCache {
  private generation = 0;
  private readonly slots = new Map<string, Slot<unknown>>();

  /** The value of `key`, loaded by `load` on first use after an invalidation; a load overtaken by an edit is not kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key) as Slot<T> | undefined;
    if (slot?.value && slot.generation === this.generation) return slot.value;
    const generation = this.generation;
    const value = load();
    this.slots.set(key, { generation, value });
    // A failed load is forgotten, so the next read tries again.
    value.catch(() => {
      if (this.slots.get(key)?.value === value) this.slots.delete(key);
    });
    return value;
  }

  invalidate() {
    this.generation++;
    this.slots.clear();
  }
}

const caches = new WeakMap<object, ContentCache>();

function cacheOf(em: EntityManager): ContentCache {
  const key = em.config;
  let cache = caches.get(key);
  if (!cache) caches.set(key, (cache = new ContentCache()));
  return cache;
}

/** A cached content read: `load` runs (through Kysely) on the first call after content changed. */
export function cachedContent<T>(
  em: EntityManager,
  key: string,
  load: (kysely: Kysely<Database>) => Promise<T>,
): Promise<T> {
  // On a fork, outside the caller's transaction: a cached copy must be what every instance sees, not one request's own writes.
  return cacheOf(em).get(key, () => load(db(em.fork())));
}

/** Drops this instance's cached content (a NOTIFY heard, the LISTEN connection re-opened, or an admin's write). */
export function invalidateContent(em: EntityManager): void {
  cacheOf(em).invalidate();
}

/**
 * An admin's edit of cached content (a page, a ladder, a calibration, a channel and its plans): runs `edit`, whose
 * writes have committed when it returns (its own transaction or flush), then drops this instance's copy, so the answer
 * leaves only once the next read will load the edit. A refused edit (422, 404, 409) changes nothing and drops nothing.
 */
export async function editingContent<T>(em: EntityManager, edit: () => Promise<T>): Promise<T> {
  const result = await edit();
  invalidateContent(em);
  return result;
}
