// The constants module, not the package's index or the schema file: those would bring zod (and its start-up cost) along.
import { TRACK_TYPES, type TrackType } from '@evolution/shared/constants';

/** A route's `type` is one of the warrior tracks: calibration or general. */
export const isTrack = (t: string | undefined): t is TrackType => (TRACK_TYPES as readonly string[]).includes(t ?? '');

/**
 * The runner's active phase is asked afresh each time the runner opens (the answer kept on the phone shows meanwhile,
 * and offline); an answer younger than this (the one fetched at boot beside start-up) is not asked again on mount.
 */
export const PHASE_QUERY = { staleTime: 5_000 } as const;
