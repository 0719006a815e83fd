// The evolution chamber: one snapshot per data-analysis submission (calibration = version 0), paged oldest first.

/** What the chamber needs to order and label a snapshot. */
export interface ChamberSnapshot {
  evolution: number;
  version: number;
}

/** A chamber page: the snapshot, its label, the 1-based page and the page count. */
export interface ChamberPage<T> {
  snapshot: T;
  label: string;
  current: number;
  totalPages: number;
}

/** Chamber label `v{evolution}.{version}`, e.g. v1.0 for the first calibration, v2.3. */
export function chamberLabel(evolution: number, version: number): string {
  return `v${evolution}.${version}`;
}

/** Snapshots in chamber page order: by evolution, then version (ties keep the given order). */
export function chamberOrder<T extends Pick<ChamberSnapshot, 'evolution' | 'version'>>(snapshots: readonly T[]): T[] {
  return [...snapshots].sort((a, b) => a.evolution - b.evolution || a.version - b.version);
}

/**
 * Page n (1-based) of the chamber: the n-th snapshot oldest first, ordered by (evolution, version), which is the
 * order they are recorded in (ties keep the given order). Page not a whole number in 1..totalPages, or no
 * snapshots → null.
 */
export function chamberPage<T extends ChamberSnapshot>(snapshots: readonly T[], page: number): ChamberPage<T> | null {
  const ordered = chamberOrder(snapshots);
  const snapshot = Number.isInteger(page) && page >= 1 ? ordered[page - 1] : undefined;
  if (snapshot === undefined) return null;
  return {
    snapshot,
    label: chamberLabel(snapshot.evolution, snapshot.version),
    current: page,
    totalPages: ordered.length,
  };
}
