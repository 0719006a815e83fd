// Rounds of an exercise phase, the volume phase's repeats, and work-volume sets
// (docs/product.md §3, "Rounds"; spec: phase runner "Exercise phase", "Work volume").
//
// A round is one pass through one chunk of exercises. Chunks come in the phase's order and each chunk
// is repeated `repeats` times in a row before the next chunk starts:
//   chunk A ×2, chunk B ×2  →  One = A, Two = A, Three = B, Four = B.
// Rounds are named One..Fourteen; anything beyond the fourteenth round is dropped (the first 14 are kept),
// which for example caps the 45-set Alpha volume over 3 exercises (15 passes) at 14 passes.

/** The phase number of the volume phase, whose repeats come from the member's number of sets. */
import { WORK_VOLUME_SETS } from '@evolution/shared';
const VOLUME_PHASE = 7;
/** Exercises per chunk when the preset has no valid `chunk`. */
const DEFAULT_CHUNK = 3;
/** The most rounds a phase can have. */
export const MAX_ROUNDS = 14;
/** Round names, in order. */
export const ROUND_NAMES = [
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
] as const;

/** One pass through one chunk of exercises. */
export interface Round<T> {
  /** 1-based position among the rounds. */
  number: number;
  name: (typeof ROUND_NAMES)[number];
  /** 0-based index of the chunk this round passes through. */
  chunk: number;
  /** 1-based pass through that chunk (1..repeats). */
  repeat: number;
  exercises: T[];
}

/** The chunk size of a phase's preset: a whole number ≥ 1, otherwise 3. */
export function chunkSize(preset: unknown): number {
  const chunk = presetField(preset, 'chunk');
  return isPositiveWhole(chunk) ? chunk : DEFAULT_CHUNK;
}

/** The repeats of a phase's preset: a whole number ≥ 1, otherwise 1. */
export function presetRepeats(preset: unknown): number {
  const repeats = presetField(preset, 'repeats');
  return isPositiveWhole(repeats) ? repeats : 1;
}

/**
 * Volume phase repeats: max(1, round(numberOfSets / exerciseCount)), halves rounding up (18 / 4 = 4.5 → 5).
 * No exercises, or a number of sets that is not a finite number → 1.
 */
export function volumeRepeats(numberOfSets: number, exerciseCount: number): number {
  if (!(exerciseCount > 0) || !Number.isFinite(numberOfSets)) return 1;
  return Math.max(1, Math.round(numberOfSets / exerciseCount));
}

/** Repeats of a phase: the volume formula for phase 7, otherwise the preset's repeats (default 1). */
export function phaseRepeats(
  phaseNumber: number,
  preset: unknown,
  numberOfSets: number,
  exerciseCount: number,
): number {
  return phaseNumber === VOLUME_PHASE ? volumeRepeats(numberOfSets, exerciseCount) : presetRepeats(preset);
}

/** The name of round n (1-based), or null outside One..Fourteen. */
export function roundName(n: number): (typeof ROUND_NAMES)[number] | null {
  return Number.isInteger(n) ? (ROUND_NAMES[n - 1] ?? null) : null;
}

/**
 * Splits exercises into chunks of `chunk` (invalid → 3), repeats each chunk `repeats` times
 * (invalid → 1) and names the rounds One..Fourteen, keeping only the first 14. No exercises → no rounds.
 */
export function buildRounds<T>(exercises: readonly T[], chunk: number, repeats: number): Round<T>[] {
  const size = isPositiveWhole(chunk) ? chunk : DEFAULT_CHUNK;
  const times = isPositiveWhole(repeats) ? repeats : 1;
  const rounds: Round<T>[] = [];
  for (let start = 0, c = 0; start < exercises.length; start += size, c++) {
    for (let repeat = 1; repeat <= times; repeat++) {
      const name = roundName(rounds.length + 1);
      if (name === null) return rounds;
      rounds.push({
        number: rounds.length + 1,
        name,
        chunk: c,
        repeat,
        exercises: exercises.slice(start, start + size),
      });
    }
  }
  return rounds;
}

/** Work-volume choices (sets per volume phase) with their labels, in order: the spec's constants, shared with the client. */
export const WORK_VOLUMES = WORK_VOLUME_SETS;

/** One of the allowed work-volume set counts. */
export type WorkVolume = (typeof WORK_VOLUMES)[number]['sets'];

/** True only for 12, 16, 18, 24, 30, 36 and 45. */
export function isWorkVolume(value: unknown): value is WorkVolume {
  return WORK_VOLUMES.some((w) => w.sets === value);
}

/** A member's number of sets: the one in effect and a change waiting for phase 7 (null when none). */
export interface SetsState {
  numberOfSets: number;
  pendingNumberOfSets: number | null;
}

/**
 * Sets after a phase submission. Reading of "changes apply only after the next submission of phase 7 data":
 * a change is stored as pending; the phase-7 run that follows the change still uses the old numberOfSets;
 * when phase 7 is submitted the pending value becomes current (and nothing is pending), so the phase-7 run
 * after that one uses the new value. Submitting any other phase changes nothing. A second change before
 * phase 7 is submitted simply replaces the pending value (the caller stores the latest choice).
 */
export function setsAfterSubmission(state: SetsState, submittedPhase: number): SetsState {
  if (submittedPhase !== VOLUME_PHASE || state.pendingNumberOfSets === null) return { ...state };
  return { numberOfSets: state.pendingNumberOfSets, pendingNumberOfSets: null };
}

/**
 * Records a member's new work-volume choice as pending (it waits for the next phase-7 submission).
 * Choosing the value already in effect cancels any pending change. Not an allowed work volume → null.
 */
export function chooseSets(state: SetsState, sets: number): SetsState | null {
  if (!isWorkVolume(sets)) return null;
  return { numberOfSets: state.numberOfSets, pendingNumberOfSets: sets === state.numberOfSets ? null : sets };
}

function presetField(preset: unknown, key: 'chunk' | 'repeats'): unknown {
  return typeof preset === 'object' && preset !== null ? (preset as Record<string, unknown>)[key] : undefined;
}

function isPositiveWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}
