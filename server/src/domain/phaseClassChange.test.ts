import { describe, expect, it } from 'vitest';
import { phaseClassChangeRefusal } from './phaseClassChange.ts';

const guide = { track: null, phase: null, current: null } as const;
const versionPhase = (
  phase: number,
  current: 'vo2' | 'exercises' | 'challenge' | 'flexibility' | 'recovery' | 'data-analysis',
) => ({ track: 'general' as const, phase, current });

describe('phase class changes', () => {
  it('allows keeping the class, and leaving a page that is not a phase without one', () => {
    expect(phaseClassChangeRefusal(guide, null)).toBeNull();
    expect(phaseClassChangeRefusal(versionPhase(9, 'data-analysis'), 'data-analysis')).toBeNull();
    expect(phaseClassChangeRefusal({ track: 'calibration', phase: 1, current: 'vo2' }, 'vo2')).toBeNull();
  });

  it('lets a version phase change between the kinds the runner runs anywhere', () => {
    expect(phaseClassChangeRefusal(versionPhase(1, 'vo2'), 'flexibility')).toBeNull();
    expect(phaseClassChangeRefusal(versionPhase(5, 'flexibility'), 'recovery')).toBeNull();
    expect(phaseClassChangeRefusal(versionPhase(2, 'exercises'), 'challenge')).toBeNull();
    expect(phaseClassChangeRefusal(versionPhase(8, 'challenge'), 'exercises')).toBeNull();
  });

  it('refuses a class on a page outside the tracks (introductions, technique guides)', () => {
    expect(phaseClassChangeRefusal(guide, 'exercises')).toBe(
      'Only the pages of the calibration and general tracks are phases: this page cannot have a class.',
    );
  });

  it('refuses removing a phase class, which would renumber the phases members stand on', () => {
    expect(phaseClassChangeRefusal(versionPhase(3, 'exercises'), null)).toBe(
      "Members stand on the phases of its version by number: removing this page's class would renumber them.",
    );
    expect(phaseClassChangeRefusal({ track: 'calibration', phase: 2, current: null }, 'vo2')).toBe(
      'Members stand on the phases of the calibration track by number: giving this page a class would renumber them.',
    );
  });

  it('keeps the calibration track as it is', () => {
    expect(phaseClassChangeRefusal({ track: 'calibration', phase: 1, current: 'vo2' }, 'flexibility')).toMatch(
      /^Phase 1 of the calibration track keeps its class/,
    );
    expect(phaseClassChangeRefusal({ track: 'calibration', phase: 2, current: 'exercise' }, 'exercises')).toMatch(
      /^Phase 2 of the calibration track keeps its class/,
    );
  });

  it('keeps data analysis as the one phase that closes a version', () => {
    const why =
      'Data analysis closes every version (it records the chamber page and moves members on): that phase keeps its class, and no other phase can take it.';
    expect(phaseClassChangeRefusal(versionPhase(9, 'data-analysis'), 'recovery')).toBe(why);
    expect(phaseClassChangeRefusal(versionPhase(6, 'recovery'), 'data-analysis')).toBe(why);
  });

  it('keeps the calibration max tests out of the versions', () => {
    expect(phaseClassChangeRefusal(versionPhase(2, 'exercises'), 'exercise')).toBe(
      'Calibration max tests run only in the calibration track: in a version they would re-place members on their ladders.',
    );
  });
});
