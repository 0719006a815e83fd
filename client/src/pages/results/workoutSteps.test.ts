import { describe, expect, it } from 'vitest';
import { formatAmount, formatDuration, initialStep, stepLimits, stepPhase, stepVersion } from './workoutSteps.ts';

// Sets logged in versions 1 and 2: phases with exercises only (1, 5, 6 and 9 log none).
const rows = [
  ...[2, 3, 4, 7, 8].map((phase) => ({ version: 1, phase })),
  ...[2, 3].map((phase) => ({ version: 2, phase })),
];

describe('the workout results stepper (spec section 4)', () => {
  it('starts at version 1 with its lowest phase', () => expect(initialStep(rows)).toEqual({ version: 1, phase: 2 }));

  it('starts at 1 and 1 with nothing logged', () => expect(initialStep([])).toEqual({ version: 1, phase: 1 }));

  it('steps through phases, disabled at the lowest and the highest', () => {
    expect(stepLimits(rows, { version: 1, phase: 2 })).toEqual({
      prevVersion: false,
      nextVersion: true,
      prevPhase: false,
      nextPhase: true,
    });
    expect(stepPhase(rows, { version: 1, phase: 4 }, 1)).toEqual({ version: 1, phase: 7 });
    expect(stepLimits(rows, { version: 1, phase: 8 }).nextPhase).toBe(false);
    expect(stepPhase(rows, { version: 1, phase: 8 }, 1)).toEqual({ version: 1, phase: 8 });
  });

  it('choosing a version resets the phase to its lowest', () => {
    expect(stepVersion(rows, { version: 1, phase: 8 }, 1)).toEqual({ version: 2, phase: 2 });
    expect(stepVersion(rows, { version: 2, phase: 3 }, -1)).toEqual({ version: 1, phase: 2 });
    expect(stepLimits(rows, { version: 2, phase: 2 })).toMatchObject({ prevVersion: true, nextVersion: false });
  });

  it('formats amounts and durations', () => {
    expect([formatAmount(12, 1), formatAmount(45, 2), formatAmount(null, 1)]).toEqual(['12', '45 s', '—']);
    expect([formatDuration(75), formatDuration(5), formatDuration(null)]).toEqual(['1:15', '0:05', '—']);
  });
});
