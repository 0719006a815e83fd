import type { PhaseData } from '@evolution/shared';

/** A submission of the active phase, as the phase runner sends it, and the rows it must leave beside itself. */
export interface PhaseSubmissionBody {
  body: unknown;
  expected: { results: number; vo2: number; snapshots: number };
}

/**
 * What the phase runner would send for a phase (any track, any phase type): every round's sets, the treadmill time,
 * the measurements with the member's three progress photos, or nothing for flexibility and recovery.
 */
export function phaseSubmission(
  phase: PhaseData,
  photos: readonly [number, number, number],
  seconds = 1000,
): PhaseSubmissionBody {
  const none = { results: 0, vo2: 0, snapshots: 0 };
  switch (phase.type) {
    case 'vo2':
      return { body: { time_to_complete: seconds }, expected: { ...none, vo2: 1 } };
    case 'exercise': {
      const tests = phase.data.map((e) => ({ calibration_id: e.id, amount: 10, time_to_complete: 60 }));
      return { body: tests, expected: { ...none, results: tests.length } };
    }
    case 'exercises': {
      const sets = phase.rounds.flatMap((round) =>
        round.exercise_ids.map((id) => ({ form_id: id, amount: 8, time_to_complete: 30 })),
      );
      return { body: sets, expected: { ...none, results: sets.length } };
    }
    case 'challenge': {
      const sets = phase.rounds.flatMap((round) =>
        round.exercise_ids.map((id) => ({ form_name: phase.data.find((e) => e.id === id)!.form, amount: 9 })),
      );
      return { body: sets, expected: { ...none, results: sets.length } };
    }
    case 'data-analysis': {
      const [image1, image2, image3] = photos;
      return {
        body: { weight: 79.5, waist: 33, chest: 41, bicep: 14.5, quad: 23, body_fat: 17, image1, image2, image3 },
        expected: { ...none, snapshots: 1 },
      };
    }
    default:
      return { body: {}, expected: none };
  }
}
