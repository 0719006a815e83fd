import type { PhaseType, TrackType } from '@evolution/shared';

/** Where a page stands in the programme: the track it is a phase of (none for introductions and guides) and its class. */
export interface PagePlace {
  track: TrackType | null;
  /** The page's phase number in its track or version, when it is a phase. */
  phase: number | null;
  /** The current phase class key; null for a page that is not a phase. */
  current: PhaseType | null;
}

/**
 * Whether an admin may give a page another phase class, and why not. Members stand on a phase by its number and the
 * runner runs a phase by its class, so a change that renumbers a track, or asks the runner for something the track
 * cannot run, would break members mid-version: it is refused with the reason. Null when the change is allowed.
 */
export function phaseClassChangeRefusal(place: PagePlace, requested: PhaseType | null): string | null {
  const { track, phase, current } = place;
  if (requested === current) return null;
  if (track === null)
    return 'Only the pages of the calibration and general tracks are phases: this page cannot have a class.';
  const where = track === 'calibration' ? 'the calibration track' : 'its version';
  if (current === null || requested === null) {
    return `Members stand on the phases of ${where} by number: ${requested === null ? "removing this page's class" : 'giving this page a class'} would renumber them.`;
  }
  if (track === 'calibration') {
    return `Phase ${phase} of the calibration track keeps its class: calibration is the VO2 max test, the calibration max tests and the data analysis, which places members on their ladders.`;
  }
  if (current === 'data-analysis' || requested === 'data-analysis') {
    return 'Data analysis closes every version (it records the chamber page and moves members on): that phase keeps its class, and no other phase can take it.';
  }
  if (requested === 'exercise') {
    return 'Calibration max tests run only in the calibration track: in a version they would re-place members on their ladders.';
  }
  return null;
}
