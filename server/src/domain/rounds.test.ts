import { describe, expect, it } from 'vitest';
import {
  buildRounds,
  chooseSets,
  chunkSize,
  isWorkVolume,
  MAX_ROUNDS,
  phaseRepeats,
  presetRepeats,
  ROUND_NAMES,
  roundName,
  setsAfterSubmission,
  volumeRepeats,
  WORK_VOLUMES,
} from './rounds.ts';

const ex = (n: number) => Array.from({ length: n }, (_, i) => `e${i + 1}`);

describe('chunkSize and presetRepeats', () => {
  it('read a valid preset', () => {
    expect(chunkSize({ chunk: 2, repeats: 4 })).toBe(2);
    expect(presetRepeats({ chunk: 2, repeats: 4 })).toBe(4);
  });
  it('default to chunk 3 and repeats 1', () => {
    for (const preset of [
      null,
      undefined,
      {},
      'x',
      5,
      [],
      { chunk: 0, repeats: 0 },
      { chunk: -2, repeats: -1 },
      { chunk: 2.5, repeats: 1.5 },
      { chunk: '4', repeats: '4' },
      { chunk: Number.NaN, repeats: Infinity },
    ]) {
      expect(chunkSize(preset)).toBe(3);
      expect(presetRepeats(preset)).toBe(1);
    }
  });
});

describe('roundName', () => {
  it('names rounds One..Fourteen', () => {
    expect(ROUND_NAMES).toHaveLength(14);
    expect(roundName(1)).toBe('One');
    expect(roundName(7)).toBe('Seven');
    expect(roundName(14)).toBe('Fourteen');
  });
  it('has no name outside 1..14', () => {
    expect(roundName(0)).toBeNull();
    expect(roundName(15)).toBeNull();
    expect(roundName(1.5)).toBeNull();
  });
});

describe('buildRounds', () => {
  it('splits into chunks, each repeated in a row before the next', () => {
    const rounds = buildRounds(ex(5), 3, 2);
    expect(rounds.map((r) => [r.number, r.name, r.chunk, r.repeat, r.exercises])).toEqual([
      [1, 'One', 0, 1, ['e1', 'e2', 'e3']],
      [2, 'Two', 0, 2, ['e1', 'e2', 'e3']],
      [3, 'Three', 1, 1, ['e4', 'e5']],
      [4, 'Four', 1, 2, ['e4', 'e5']],
    ]);
  });
  it('makes one round per chunk with repeats 1', () => {
    expect(buildRounds(ex(9), 3, 1).map((r) => r.exercises)).toEqual([
      ['e1', 'e2', 'e3'],
      ['e4', 'e5', 'e6'],
      ['e7', 'e8', 'e9'],
    ]);
  });
  it('uses chunk 3 and repeats 1 when given invalid values', () => {
    expect(buildRounds(ex(4), 0, 0).map((r) => r.exercises)).toEqual([['e1', 'e2', 'e3'], ['e4']]);
    expect(buildRounds(ex(4), Number.NaN, -2)).toHaveLength(2);
  });
  it('has no rounds without exercises', () => {
    expect(buildRounds([], 3, 5)).toEqual([]);
  });
  it('keeps exactly 14 rounds', () => {
    const rounds = buildRounds(ex(3), 3, 14);
    expect(rounds).toHaveLength(14);
    expect(rounds[13]?.name).toBe('Fourteen');
  });
  it('keeps the first 14 rounds and drops the rest', () => {
    const rounds = buildRounds(ex(3), 3, 15);
    expect(rounds).toHaveLength(MAX_ROUNDS);
    expect(rounds.at(-1)).toMatchObject({ number: 14, name: 'Fourteen', chunk: 0, repeat: 14 });
    // 2 chunks x 8 repeats = 16 rounds: the second chunk loses its last two passes
    const two = buildRounds(ex(6), 3, 8);
    expect(two).toHaveLength(14);
    expect(two.at(-1)).toMatchObject({ chunk: 1, repeat: 6, exercises: ['e4', 'e5', 'e6'] });
    // 20 chunks of 1: chunks 15..20 dropped
    expect(buildRounds(ex(20), 1, 1).map((r) => r.exercises[0])).toEqual(ex(14));
  });
  it('gives each round its own copy of the exercises', () => {
    const [a, b] = buildRounds(ex(2), 3, 2);
    expect(a?.exercises).not.toBe(b?.exercises);
  });
});

describe('volumeRepeats', () => {
  it('is max(1, round(sets / exercises))', () => {
    expect(volumeRepeats(12, 3)).toBe(4);
    expect(volumeRepeats(16, 3)).toBe(5); // 5.33
    expect(volumeRepeats(18, 4)).toBe(5); // 4.5 rounds up
    expect(volumeRepeats(30, 4)).toBe(8); // 7.5 rounds up
    expect(volumeRepeats(45, 6)).toBe(8); // 7.5
    expect(volumeRepeats(36, 5)).toBe(7); // 7.2
    expect(volumeRepeats(12, 50)).toBe(1); // 0.24 → 0 → 1
  });
  it('is 1 with no exercises or no usable number of sets', () => {
    expect(volumeRepeats(24, 0)).toBe(1);
    expect(volumeRepeats(Number.NaN, 3)).toBe(1);
  });
});

describe('phaseRepeats with buildRounds (the rounds of a general phase)', () => {
  it('uses the volume formula only for phase 7', () => {
    expect(phaseRepeats(7, { chunk: 3, repeats: 3 }, 24, 3)).toBe(8);
    expect(phaseRepeats(2, { chunk: 3, repeats: 3 }, 24, 3)).toBe(3);
    expect(phaseRepeats(2, null, 24, 3)).toBe(1);
  });
  it('builds the volume phase from the sets in effect and caps Alpha at 14 rounds', () => {
    expect(buildRounds(ex(3), chunkSize({ chunk: 3 }), phaseRepeats(7, { chunk: 3 }, 24, ex(3).length))).toHaveLength(
      8,
    );
    expect(buildRounds(ex(3), chunkSize({ chunk: 3 }), phaseRepeats(7, { chunk: 3 }, 45, ex(3).length))).toHaveLength(
      14,
    ); // 15 passes, the 15th dropped
    expect(
      buildRounds(
        ex(4),
        chunkSize({ chunk: 2, repeats: 3 }),
        phaseRepeats(3, { chunk: 2, repeats: 3 }, 45, ex(4).length),
      ).map((r) => r.exercises),
    ).toEqual([
      ['e1', 'e2'],
      ['e1', 'e2'],
      ['e1', 'e2'],
      ['e3', 'e4'],
      ['e3', 'e4'],
      ['e3', 'e4'],
    ]);
  });
});

describe('work volume', () => {
  it('allows 12, 16, 18, 24, 30, 36 and 45 only', () => {
    for (const sets of [12, 16, 18, 24, 30, 36, 45]) expect(isWorkVolume(sets)).toBe(true);
    for (const sets of [0, 11, 13, 20, 46, 12.5, '12', null, undefined]) expect(isWorkVolume(sets)).toBe(false);
  });
  it('labels each value', () => {
    expect(WORK_VOLUMES.map((w) => `${w.sets} ${w.label}`)).toEqual([
      '12 Novice',
      '16 Beginner',
      '18 A little rusty',
      '24 Intermediate',
      '30 Advanced',
      '36 Seriously Advanced',
      '45 Alpha',
    ]);
  });
});

describe('sets change pending until phase 7 is submitted', () => {
  it('records a valid choice as pending and refuses others', () => {
    expect(chooseSets({ numberOfSets: 24, pendingNumberOfSets: null }, 36)).toEqual({
      numberOfSets: 24,
      pendingNumberOfSets: 36,
    });
    expect(chooseSets({ numberOfSets: 24, pendingNumberOfSets: 36 }, 45)).toEqual({
      numberOfSets: 24,
      pendingNumberOfSets: 45,
    });
    expect(chooseSets({ numberOfSets: 24, pendingNumberOfSets: 36 }, 24)).toEqual({
      numberOfSets: 24,
      pendingNumberOfSets: null,
    });
    expect(chooseSets({ numberOfSets: 24, pendingNumberOfSets: null }, 20)).toBeNull();
  });
  it('keeps the old value through other phases, promotes the pending one when phase 7 is submitted', () => {
    let state = chooseSets({ numberOfSets: 24, pendingNumberOfSets: null }, 36)!;
    // phases 1..6 submitted: nothing changes
    for (const phase of [1, 2, 3, 4, 5, 6]) state = setsAfterSubmission(state, phase);
    expect(state).toEqual({ numberOfSets: 24, pendingNumberOfSets: 36 });
    // the phase-7 run after the change still uses the old 24 sets: 24 / 3 = 8 rounds
    expect(buildRounds(ex(3), chunkSize(null), phaseRepeats(7, null, state.numberOfSets, 3))).toHaveLength(8);
    // its submission makes 36 current
    state = setsAfterSubmission(state, 7);
    expect(state).toEqual({ numberOfSets: 36, pendingNumberOfSets: null });
    // so the next phase-7 run uses 36: 36 / 3 = 12 rounds
    expect(buildRounds(ex(3), chunkSize(null), phaseRepeats(7, null, state.numberOfSets, 3))).toHaveLength(12);
  });
  it('changes nothing when phase 7 is submitted with nothing pending', () => {
    expect(setsAfterSubmission({ numberOfSets: 24, pendingNumberOfSets: null }, 7)).toEqual({
      numberOfSets: 24,
      pendingNumberOfSets: null,
    });
  });
  it('changes nothing for a phase other than 7, including 8 and 9', () => {
    const state = { numberOfSets: 12, pendingNumberOfSets: 45 };
    expect(setsAfterSubmission(state, 8)).toEqual(state);
    expect(setsAfterSubmission(state, 9)).toEqual(state);
    expect(setsAfterSubmission(state, 8)).not.toBe(state);
  });
});
