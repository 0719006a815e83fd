/** The workout results' version and phase steppers (spec section 4, "Workout results stepper"). */
import { REPS_OR_TIME } from '@evolution/shared/constants';

export interface Stepped {
  version: number;
  phase: number;
}

type Row = Stepped;

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** The versions that have results, lowest first. */
const versionsOf = (rows: readonly Row[]): number[] => sortedUnique(rows.map((r) => r.version));

/** The phases of a version that have results, lowest first. */
const phasesOf = (rows: readonly Row[], version: number): number[] =>
  sortedUnique(rows.filter((r) => r.version === version).map((r) => r.phase));

/** A version with its lowest phase (choosing a version resets the phase to its lowest). */
function atVersion(rows: readonly Row[], version: number): Stepped {
  return { version, phase: phasesOf(rows, version)[0] ?? 1 };
}

/** After load: version 1 (or the lowest with results) at its lowest phase; nothing logged yet: 1 and 1. */
export function initialStep(rows: readonly Row[]): Stepped {
  const versions = versionsOf(rows);
  if (!versions.length) return { version: 1, phase: 1 };
  return atVersion(rows, versions.includes(1) ? 1 : versions[0]!);
}

/** Which arrows may move: none past the lowest or highest version, or phase of the version. */
export function stepLimits(rows: readonly Row[], at: Stepped) {
  const versions = versionsOf(rows);
  const phases = phasesOf(rows, at.version);
  const vi = versions.indexOf(at.version);
  const pi = phases.indexOf(at.phase);
  return {
    prevVersion: vi > 0,
    nextVersion: vi >= 0 && vi < versions.length - 1,
    prevPhase: pi > 0,
    nextPhase: pi >= 0 && pi < phases.length - 1,
  };
}

/** The next or previous version with results, at its lowest phase; at the end, unchanged. */
export function stepVersion(rows: readonly Row[], at: Stepped, dir: -1 | 1): Stepped {
  const versions = versionsOf(rows);
  const next = versions[versions.indexOf(at.version) + dir];
  return next === undefined ? at : atVersion(rows, next);
}

/** The next or previous phase with results in the version; at the end, unchanged. */
export function stepPhase(rows: readonly Row[], at: Stepped, dir: -1 | 1): Stepped {
  const phases = phasesOf(rows, at.version);
  const next = phases[phases.indexOf(at.phase) + dir];
  return next === undefined ? at : { ...at, phase: next };
}

/** Seconds as m:ss. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** An amount with its measure: reps as a number, time in seconds. */
export const formatAmount = (amount: number | null, repsOrTime: number): string =>
  amount === null ? '—' : repsOrTime === REPS_OR_TIME.time ? `${amount} s` : String(amount);
