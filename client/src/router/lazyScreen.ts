import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Any component, as React.lazy takes it (a page's props are checked where the route table uses it). */
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose download can start before it first renders. */
export type PreloadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * React.lazy plus `preload()`: the first screen's chunks are fetched while start-up asks who is signed in, instead of
 * one after the other once the answer is in. A failed download may be tried again by the next preload.
 */
export function lazyScreen<T extends AnyComponent>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | null = null;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
