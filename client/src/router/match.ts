/** Matches `/admin/user/:id/edit`-style patterns against a path; returns the decoded params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

const segments = (p: string) => p.split('/').filter((s) => s !== '');

/** Splits `/path?query` into its parts. */
export function splitTarget(target: string): { path: string; search: string } {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  return { path: path === '' ? '/' : path, search: q < 0 ? '' : target.slice(q + 1) };
}
