import { useSyncExternalStore, useEffect } from 'react';

/** A module fetched on demand and rendered without Suspense (see useDeferredModule). */
export interface DeferredModule<T> {
  /** Starts the download once (again after a failure); answers the module. */
  preload: () => Promise<T>;
  /** The module once downloaded, otherwise undefined. */
  loaded: () => T | undefined;
  /** Calls `listener` when the module arrives; answers the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export function deferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  let loading: Promise<T> | null = null;
  let value: T | undefined;
  const listeners = new Set<() => void>();
  return {
    preload: () =>
      (loading ??= load().then(
        (module) => {
          value = module;
          listeners.forEach((l) => l());
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module once downloaded (whoever started the download; this part starts it when `wanted`), undefined until then:
 * for parts of a screen that may appear after it (the side menu, the toaster). Unlike React.lazy it never shows a
 * Suspense fallback, after which React holds back the reveal of the screen itself for 300 ms.
 */
export function useDeferredModule<T>(module: DeferredModule<T>, wanted: boolean): T | undefined {
  const value = useSyncExternalStore(module.subscribe, module.loaded);
  const missing = value === undefined;
  useEffect(() => {
    if (missing && wanted) module.preload().catch(() => undefined);
  }, [module, missing, wanted]);
  return value;
}
