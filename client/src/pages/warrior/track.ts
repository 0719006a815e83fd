import { TRACK_TYPES, type TrackType } from '@evolution/shared';

/** A route's `type` is one of the warrior tracks: calibration or general. */
export const isTrack = (t: string | undefined): t is TrackType => (TRACK_TYPES as readonly string[]).includes(t ?? '');
