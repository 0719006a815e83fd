import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@evolution/shared/constants';

export type NoticeVariant = 'danger' | 'success' | 'warning' | 'info';

export interface Notice {
  message: string;
  variant?: NoticeVariant;
  /** Milliseconds on screen; the main notifier's default is 2.5 s (spec section 9). */
  duration?: number;
}

export interface ShownNotice extends Required<Notice> {
  id: number;
}

type Listener = () => void;

let notices: readonly ShownNotice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

/** Shows a notice; danger notices are announced assertively, the rest politely. */
export function notify({ message, variant = 'info', duration = TOAST_MS.default }: Notice): number {
  const id = nextId++;
  notices = [...notices, { id, message, variant, duration }];
  emit();
  return id;
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
