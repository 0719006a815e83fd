import { useSyncExternalStore } from 'react';
import type { LoginResponse } from '@evolution/shared';
import { EMPTY_SESSION, loadSession, saveSession, sessionFromResponse, STORAGE_KEYS, type Session } from './session.ts';

/** Auth status of spec section 4. */
export type AuthStatus = 'empty' | 'loading' | 'success' | 'error';

export interface AuthState extends Session {
  status: AuthStatus;
  /** False until the start-up call has answered (or was not needed). */
  ready: boolean;
}

type Listener = () => void;

/** The one auth store: memory mirrors local storage, and storage changes in other tabs flow back in. */
export function createAuthStore(storage: Storage = localStorage) {
  const initial = loadSession(storage);
  let state: AuthState = { ...initial, status: 'empty', ready: initial.token === null };
  const listeners = new Set<Listener>();

  const set = (next: Partial<AuthState>, persist: boolean) => {
    state = { ...state, ...next };
    if (persist) saveSession(state, storage);
    listeners.forEach((l) => l());
  };

  // Login, register and start-up answer the same response: one way to store it.
  function applyResponse(res: LoginResponse) {
    set({ ...sessionFromResponse(res, state.token), status: 'success', ready: true }, true);
  }

  return {
    get: (): AuthState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setStatus(status: AuthStatus) {
      set({ status }, false);
    },
    /** Start-up could not reach the server (no network): the member goes on as the phone last knew them. */
    keepStored() {
      if (state.user) set({ status: 'success', ready: true }, false);
      else set({ ...EMPTY_SESSION, status: 'error', ready: true }, false);
    },
    /** Login or register answered: store everything it carries, the token included. */
    signIn: applyResponse,
    /** Start-up (or a session refresh) answered: same data; without a new token the stored one stays. */
    refresh: applyResponse,
    /** Applies a change to part of the session (e.g. the setup step after a submit) and persists it. */
    update(patch: Partial<Session>) {
      set(patch, true);
    },
    /** Clears token, user, evolution, access and subscription. */
    clear(status: AuthStatus = 'empty') {
      for (const key of STORAGE_KEYS) storage.removeItem(key);
      set({ ...EMPTY_SESSION, status, ready: true }, false);
    },
    /** Another tab changed local storage. */
    reload() {
      set({ ...loadSession(storage) }, false);
    },
  };
}

export const authStore = createAuthStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (STORAGE_KEYS as readonly string[]).includes(e.key)) authStore.reload();
  });
}

/** The current auth state; re-renders on change. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** A store of who is signed in: the app's authStore, or a test's stand-in. */
export interface UserSource {
  get: () => { user: { user_id: number } | null };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Calls `changed(previous, next)` whenever the signed-in member changes, whichever tab or path changed it (a logout, a
 * token refused, another tab's sign-in); ids, null for nobody. Answers the unsubscribe.
 */
export function onUserChange(
  auth: UserSource,
  changed: (previous: number | null, next: number | null) => void,
): () => void {
  let last = auth.get().user?.user_id ?? null;
  return auth.subscribe(() => {
    const now = auth.get().user?.user_id ?? null;
    if (now === last) return;
    const previous = last;
    last = now;
    changed(previous, now);
  });
}
