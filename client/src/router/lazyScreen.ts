import { createElement, lazy, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Any component, as React.lazy takes it (a page's props are checked where the route table uses it). */
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose download can start before it first renders. */
export type PreloadableComponent<T extends AnyComponent> = ((props: ComponentProps<T>) => ReactNode) & {
  preload: () => Promise<unknown>;
  /** Whether the chunk is in (it then renders without suspending). */
  loaded: () => boolean;
};

/**
 * A screen's code that could not be downloaded, as opposed to a screen that failed while rendering: with the service
 * worker's precache this happens only before the app was first installed on the phone (or in a browser without one).
 */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The screen could not be downloaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

/**
 * React.lazy plus `preload()`: the first screen's chunks are fetched while start-up asks who is signed in, instead of
 * one after the other once the answer is in. A screen whose chunk is already in renders at once rather than through
 * React.lazy, which always suspends on its first render: a Suspense fallback shown even for a moment makes React hold
 * back every other reveal for 300 ms.
 */
export function lazyScreen<T extends AnyComponent>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | null = null;
  let loaded: T | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw new ScreenLoadError(error);
      },
    ));
  const Lazy = lazy(preload);
  function Screen(props: ComponentProps<T>) {
    // Chosen once per mount, so a screen that did go through React.lazy is not swapped (and remounted) later.
    const [Component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload, loaded: () => loaded !== null });
}
