import { useSyncExternalStore } from 'react';

/**
 * Hash routing that keeps the query inside the hash (`/#/login?redirect=%2Fadmin`), the form the spec's links take
 * (`/#/subscribe/warrior`, `/introduction?type=portal`). wouter's own hash hook moves the query before the `#`.
 */

const HASH_PREFIX = /^#?\/?/;

/** Splits the current hash into its path and query (without `?`). */
export function readHash(hash: string = location.hash): { path: string; search: string } {
  const raw = hash.replace(HASH_PREFIX, '');
  const q = raw.indexOf('?');
  if (q < 0) return { path: `/${raw}`, search: '' };
  return { path: `/${raw.slice(0, q)}`, search: raw.slice(q + 1) };
}

function subscribe(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  addEventListener('popstate', onChange);
  return () => {
    removeEventListener('hashchange', onChange);
    removeEventListener('popstate', onChange);
  };
}

/** Goes to an app path such as `/login?redirect=%2Fadmin`. */
export function navigate(to: string, { replace = false }: { replace?: boolean; state?: unknown } = {}): void {
  const url = new URL(location.href);
  url.hash = `/${to.replace(HASH_PREFIX, '')}`;
  if (url.href === location.href) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

const currentPath = () => readHash().path;
const currentSearch = () => readHash().search;

/** wouter location hook: the path part of the hash. */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}
/** Links render as `#/path?query`. */
useHashPath.hrefs = (href: string) => `#${href}`;

/** wouter search hook: the query part of the hash. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}
