// The schema module itself, not the package's index: that would bring every schema (and their start-up cost) along.
import { TRACK_TYPES, type TrackType } from '@evolution/shared/schemas/warrior';

/** A route's `type` is one of the warrior tracks: calibration or general. */
export const isTrack = (t: string | undefined): t is TrackType => (TRACK_TYPES as readonly string[]).includes(t ?? '');
