import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@evolution/shared/constants';
import { readHash } from '../../router/hashLocation.ts';

export type NoticeVariant = 'danger' | 'success' | 'warning' | 'info';

export interface Notice {
  message: string;
  variant?: NoticeVariant;
  /** Milliseconds on screen; the main notifier's default is 2.5 s (spec section 9). */
  duration?: number;
  /** Whether it may follow the user to the next screen ("saved" then the edit screen); by default only successes do. */
  travels?: boolean;
}

export interface ShownNotice extends Required<Notice> {
  id: number;
  /** The screen (hash path) it belongs to. */
  screen: string;
  /** When it was raised (ms). */
  at: number;
}

/** How long after it is raised a travelling notice may still follow a change of screen (the navigation that comes
 * with it and any redirect after), so it reaches the next screen and goes no further. */
const TRAVEL_MS = 1000;

type Listener = () => void;

let notices: readonly ShownNotice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

const currentScreen = () => (typeof location === 'undefined' ? '/' : readHash().path);

/**
 * Shows a notice; danger notices are announced assertively, the rest politely. The same notice already on screen is
 * not shown twice (a query failing again with the same error).
 */
export function notify({
  message,
  variant = 'info',
  duration = TOAST_MS.default,
  travels = variant === 'success',
}: Notice): number {
  const shown = notices.find((n) => n.message === message && n.variant === variant);
  if (shown) return shown.id;
  const id = nextId++;
  notices = [...notices, { id, message, variant, duration, travels, screen: currentScreen(), at: Date.now() }];
  emit();
  return id;
}

/**
 * A notice belongs to the screen that raised it: on a change of screen the others' notices go, except one meant to
 * travel and raised just now, which comes along (through a redirect too). A change of query alone keeps them all.
 */
export function screenChanged(screen: string = currentScreen()): void {
  const now = Date.now();
  const kept = notices
    .filter((n) => n.screen === screen || (n.travels && now - n.at < TRAVEL_MS))
    .map((n) => (n.screen === screen ? n : { ...n, screen }));
  if (kept.length === notices.length && kept.every((n, i) => n === notices[i])) return;
  notices = kept;
  emit();
}

if (typeof addEventListener === 'function') {
  addEventListener('hashchange', () => screenChanged());
  addEventListener('popstate', () => screenChanged());
}

/** Removes a notice once it has closed. */
export function dismiss(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => notices;

export function useNotices(): readonly ShownNotice[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Convenience wrappers with the spec's variants. */
export const toast = {
  success: (message: string, duration: number = TOAST_MS.default) => notify({ message, variant: 'success', duration }),
  danger: (message: string, duration: number = TOAST_MS.default) => notify({ message, variant: 'danger', duration }),
  warning: (message: string, duration: number = TOAST_MS.default) => notify({ message, variant: 'warning', duration }),
};
