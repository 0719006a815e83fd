import { createStore, del, entries, get, set } from 'idb-keyval';
import type { SubmissionResult } from '@evolution/shared';

/**
 * The submission queue owns "the server did not hear me". A finished phase is written here (IndexedDB) with an
 * idempotency key made on the phone before it is sent, so a closed tab, a reload or a lost answer never loses it, and
 * every send of it carries the same key: the server counts it once and answers a resend with its first answer. It is
 * sent now when the network allows, else when it returns (the `online` event, the next app open, Background Sync).
 * The page and the service worker both send from here: plain fetch to the REST API, one sender at a time (Web Locks).
 */

/** A progress photo chosen with no network: uploaded (with its own key) before the submission that names it. */
export interface QueuedPhoto {
  blob: Blob;
  name: string;
  key: string;
  /** The server's id once uploaded. */
  id?: number;
}

export interface QueuedSubmission {
  /** The idempotency key, made on the phone; also the entry's key in IndexedDB. */
  key: string;
  userId: number;
  /** The bearer token when queued (refreshed by each send from the page): Background Sync sends with no page open. */
  token: string;
  type: 'calibration' | 'general';
  phaseType: string;
  pageId: number;
  /** The phase's title and place, for the member: "VO2 Max Test · Calibration, phase 1". */
  title: string;
  label: string;
  data: unknown;
  /** data-analysis: the photos still to upload, by field (image1..image3). */
  photos?: Partial<Record<string, QueuedPhoto>>;
  savedAt: number;
  /** waiting: to be sent; refused: the server said no (kept, with its message, until the member dismisses it). */
  state: 'waiting' | 'refused';
  refusal?: { status: number; message: string };
}

/** What one attempt at sending an entry came to. */
export type SendOutcome =
  | { kind: 'sent'; result: SubmissionResult; replayed: boolean }
  | { kind: 'refused'; status: number; message: string }
  /** No answer or a server in trouble ('network'), or a token the server no longer takes ('auth'): tried again later. */
  | { kind: 'later'; reason: 'network' | 'auth' };

/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'evolution-submissions';
const LOCK = 'evolution-submissions';
const CHANNEL = 'evolution-submissions';

let opened: ReturnType<typeof createStore> | null = null;
const store = () => (opened ??= createStore('evolution-queue', 'submissions'));

/** What the queue tells the app: it changed, or the server took an entry (sent by this page, another tab or the worker). */
export type QueueMessage =
  { type: 'changed' } | { type: 'sent'; entry: QueuedSubmission; result: SubmissionResult; replayed: boolean };

const listeners = new Set<(message: QueueMessage) => void>();
let channel: BroadcastChannel | null = null;

/** Tells this page's listeners and every other tab and worker (each has its own BroadcastChannel object). */
function announce(message: QueueMessage) {
  listeners.forEach((l) => l(message));
  try {
    const sender = new BroadcastChannel(CHANNEL);
    // The blobs stay behind: a listener needs what was sent, not the photos.
    sender.postMessage(
      message.type === 'sent' ? { ...message, entry: { ...message.entry, photos: undefined } } : message,
    );
    sender.close();
  } catch {
    // No BroadcastChannel: other tabs see the change on their next read.
  }
}
const changed = () => announce({ type: 'changed' });

/** Calls `listener` whenever the queue changes or an entry is taken, here or elsewhere; answers the unsubscribe. */
export function onQueueChange(listener: (message: QueueMessage) => void): () => void {
  listeners.add(listener);
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    // Our own page's announcements come back through this object too: listeners take each message once per key.
    channel.onmessage = (event: MessageEvent<QueueMessage>) => listeners.forEach((l) => l(event.data));
  }
  return () => listeners.delete(listener);
}

/** Every entry, oldest first. */
export async function queuedSubmissions(): Promise<QueuedSubmission[]> {
  const all = await entries<string, QueuedSubmission>(store());
  return all.map(([, entry]) => entry).sort((a, b) => a.savedAt - b.savedAt);
}

/** Writes a finished phase to the phone before anything is sent. */
export async function enqueueSubmission(
  entry: Omit<QueuedSubmission, 'key' | 'savedAt' | 'state'>,
): Promise<QueuedSubmission> {
  const queued: QueuedSubmission = { ...entry, key: crypto.randomUUID(), savedAt: Date.now(), state: 'waiting' };
  await set(queued.key, queued, store());
  changed();
  return queued;
}

/** The member read the refusal: the entry goes. */
export async function dismissSubmission(key: string): Promise<void> {
  await del(key, store());
  changed();
}

const update = async (entry: QueuedSubmission) => {
  // Only if it is still there: another tab may have sent or dismissed it meanwhile.
  if (await get(entry.key, store())) await set(entry.key, entry, store());
};

/** The message of a refusal: Laravel's 422 gives the first field error, every other answer its message. */
async function refusalOf(res: Response): Promise<{ status: number; message: string }> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; errors?: Record<string, unknown> } | null;
  const firstError = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
  const message =
    typeof firstError === 'string'
      ? firstError
      : typeof body?.message === 'string'
        ? body.message
        : 'The server did not accept it.';
  return { status: res.status, message };
}

/** 401 (a token ended) and 5xx (a server in trouble) will pass later; any other 4xx is the server's final word. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
const later = (status: number): SendOutcome => ({ kind: 'later', reason: status === 401 ? 'auth' : 'network' });

/** How long one request may take before it counts as no answer (one bar of signal can hang a request for minutes). */
const PHASE_TIMEOUT_MS = 20_000;
const PHOTO_TIMEOUT_MS = 60_000;

/** One attempt at one entry: its photos first, then the phase, each with its own key. */
async function sendEntry(entry: QueuedSubmission, token: string): Promise<SendOutcome> {
  const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  try {
    for (const [field, photo] of Object.entries(entry.photos ?? {})) {
      if (!photo || photo.id) continue;
      const form = new FormData();
      form.append('image', photo.blob, photo.name);
      const res = await fetch('/api/user/image', {
        method: 'POST',
        headers: { ...auth, 'Idempotency-Key': photo.key },
        body: form,
        signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS),
      });
      if (!res.ok) return isFinal(res.status) ? { kind: 'refused', ...(await refusalOf(res)) } : later(res.status);
      photo.id = ((await res.json()) as { image: { id: number } }).image.id;
      entry.photos = { ...entry.photos, [field]: photo };
      await update(entry);
    }
    const photoIds = Object.fromEntries(Object.entries(entry.photos ?? {}).map(([field, photo]) => [field, photo?.id]));
    const data =
      entry.photos && entry.data && typeof entry.data === 'object' ? { ...entry.data, ...photoIds } : entry.data;
    const url = `/api/user/channel/warrior/${entry.type}/phase/${encodeURIComponent(entry.phaseType)}?page_id=${entry.pageId}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': entry.key },
      body: JSON.stringify(data),
      signal: AbortSignal.timeout(PHASE_TIMEOUT_MS),
    });
    if (!res.ok) return isFinal(res.status) ? { kind: 'refused', ...(await refusalOf(res)) } : later(res.status);
    return {
      kind: 'sent',
      result: (await res.json()) as SubmissionResult,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  } catch {
    return later(0);
  }
}

/** Runs `work` as the only sender on this phone (tabs and worker alike); at once where there are no Web Locks. */
function alone<T>(work: () => Promise<T>): Promise<T> {
  // A page's navigator or a worker's: both have locks where the browser does.
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request(LOCK, work) : work();
}

/**
 * Sends what waits, oldest first, and answers each outcome by key. A page sends its own member's entries (`userId`,
 * whose current `token` replaces the one stored with them); the worker sends everyone's with their stored tokens.
 * `only` limits it to one entry. A refusal is kept with its message; an entry sent is gone. No answer stops the round
 * (the next would get none either); a token refused skips that member's entries (another member's may still go).
 */
export function sendQueued(
  opts: { userId?: number; token?: string | null; only?: string } = {},
): Promise<Map<string, { entry: QueuedSubmission; outcome: SendOutcome }>> {
  return alone(async () => {
    const outcomes = new Map<string, { entry: QueuedSubmission; outcome: SendOutcome }>();
    const signedOut = new Set<number>();
    for (const entry of await queuedSubmissions()) {
      if (entry.state !== 'waiting' || (opts.only && entry.key !== opts.only)) continue;
      if ((opts.userId !== undefined && entry.userId !== opts.userId) || signedOut.has(entry.userId)) continue;
      if (opts.token && entry.token !== opts.token) {
        entry.token = opts.token;
        await update(entry);
      }
      const outcome = await sendEntry(entry, entry.token);
      if (outcome.kind === 'sent') await del(entry.key, store());
      else if (outcome.kind === 'refused')
        await update({ ...entry, state: 'refused', refusal: { status: outcome.status, message: outcome.message } });
      outcomes.set(entry.key, { entry, outcome });
      if (outcome.kind === 'sent')
        announce({ type: 'sent', entry, result: outcome.result, replayed: outcome.replayed });
      else if (outcome.kind === 'refused') changed();
      else if (outcome.reason === 'auth') signedOut.add(entry.userId);
      else break;
    }
    return outcomes;
  });
}
