import { describe, expect, it } from 'vitest';
import { formGroupScore, muscleScores } from './muscleScores.ts';

describe('formGroupScore', () => {
  it('is 10 * (index + 1) / length', () => {
    expect(formGroupScore(0, 6)).toBe(10 / 6);
    expect(formGroupScore(5, 6)).toBe(10);
    expect(formGroupScore(0, 1)).toBe(10);
    expect(formGroupScore(2, 8)).toBe(3.75);
  });
  it('clamps the index into the ladder and has no score for an empty ladder', () => {
    expect(formGroupScore(9, 6)).toBe(10);
    expect(formGroupScore(-1, 4)).toBe(2.5);
    expect(formGroupScore(Number.NaN, 4)).toBe(2.5);
    expect(formGroupScore(0, 0)).toBeNull();
  });
});

describe('muscleScores', () => {
  it('is the mean over the form groups training the muscle, one decimal, rounded once', () => {
    const scores = muscleScores([
      { muscleGroups: ['Chest'], currentIndex: 0, ladderLength: 6 }, // 1.6667
      { muscleGroups: ['Chest', 'Triceps'], currentIndex: 3, ladderLength: 8 }, // 5
      { muscleGroups: ['Back'], currentIndex: 2, ladderLength: 8 }, // 3.75
      { muscleGroups: ['Legs'], currentIndex: 0, ladderLength: 1 }, // 10
      { muscleGroups: ['Core'], currentIndex: 0, ladderLength: 3 }, // 3.3333
      { muscleGroups: ['Core'], currentIndex: 0, ladderLength: 6 }, // 1.6667
    ]);
    expect(scores).toEqual({
      Chest: 3.3, // (1.6667 + 5) / 2 = 3.3333
      Triceps: 5,
      Back: 3.8, // 3.75 rounds up
      Legs: 10,
      Core: 2.5, // (3.3333 + 1.6667) / 2 = 2.5
    });
    expect(Object.keys(scores)).toEqual(['Chest', 'Triceps', 'Back', 'Legs', 'Core']);
  });
  it('rounds the mean, not each form group', () => {
    const scores = muscleScores([
      { muscleGroups: ['Quads'], currentIndex: 0, ladderLength: 6 }, // 10 / 6 = 1.6667 (alone 1.7)
      { muscleGroups: ['Quads'], currentIndex: 0, ladderLength: 7 }, // 10 / 7 = 1.4286 (alone 1.4)
    ]);
    // mean 1.5476 → 1.5; rounding each first would give (1.7 + 1.4) / 2 = 1.55 → 1.6
    expect(scores.Quads).toBe(1.5);
  });
  it('leaves out a muscle group no form group trains, and form groups with an empty ladder', () => {
    const scores = muscleScores([
      { muscleGroups: [], currentIndex: 0, ladderLength: 6 },
      { muscleGroups: ['Calves'], currentIndex: 0, ladderLength: 0 },
      { muscleGroups: ['Back'], currentIndex: 5, ladderLength: 6 },
    ]);
    expect(scores).toEqual({ Back: 10 });
    expect('Calves' in scores).toBe(false);
    expect(muscleScores([])).toEqual({});
  });
  it('counts a form group once for a muscle listed twice', () => {
    expect(
      muscleScores([
        { muscleGroups: ['Back', 'Back'], currentIndex: 0, ladderLength: 2 },
        { muscleGroups: ['Back'], currentIndex: 1, ladderLength: 2 },
      ]),
    ).toEqual({ Back: 7.5 }); // (5 + 10) / 2
  });
});
