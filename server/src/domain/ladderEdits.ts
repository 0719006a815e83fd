// Rules for editing a ladder (admin forms): where members go when their form is deleted, and the (level, progress)
// pair that orders a ladder staying unique inside a group (docs/product.md §3, "Ladders").
import { orderLadder, type LadderForm } from './ladder.ts';

type Rung = Pick<LadderForm, 'id' | 'level' | 'progress'>;

/**
 * The form that members standing on `deletedId` move to: the one just below it on the ladder, else the one just
 * above; null when it is the only form (or not on the ladder).
 */
export function replacementForm<T extends Rung>(ladder: readonly T[], deletedId: number): T | null {
  const ordered = orderLadder(ladder);
  const index = ordered.findIndex((f) => f.id === deletedId);
  if (index < 0) return null;
  return ordered[index - 1] ?? ordered[index + 1] ?? null;
}

/** Another form of the ladder already at this (level, progress), or null; `exceptId` is the form being edited. */
export function rungClash<T extends Rung>(
  ladder: readonly T[],
  level: number,
  progress: number,
  exceptId?: number,
): T | null {
  return ladder.find((f) => f.id !== exceptId && f.level === level && f.progress === progress) ?? null;
}

/** The 1-based place of each form on its ladder, by (level, progress), keyed by form id. */
export function rungNumbers(ladder: readonly Rung[]): Map<number, number> {
  return new Map(orderLadder(ladder).map((f, i) => [f.id, i + 1]));
}
