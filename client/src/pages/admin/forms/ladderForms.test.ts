import { describe, expect, it } from 'vitest';
import { deleteConsequence, membersStand } from './ladderShared.ts';
import { validateForm } from './FormEditPage.tsx';
import { validateFormGroup } from './FormGroupEditPage.tsx';

const form = {
  name: 'Knee row',
  muscle_group_id: '2',
  level: '1',
  progress: '2',
  min: '8',
  max: '12',
  reps_or_time: '1',
};

describe('the form screen checks what the server checks', () => {
  it('accepts a complete form', () => {
    expect(validateForm(form)).toEqual({});
  });

  it('says which fields are missing, in the server words', () => {
    expect(
      validateForm({ name: ' ', muscle_group_id: '', level: '', progress: '', min: '', max: '', reps_or_time: '' }),
    ).toEqual({
      name: 'Enter the name.',
      muscle_group_id: 'Choose a muscle group.',
      level: 'Enter the level.',
      progress: 'Enter the progress.',
      min: 'Enter the min.',
      max: 'Enter the max.',
      reps_or_time: 'Choose reps or time.',
    });
  });

  it('refuses a max below the min, levels below 1 and fractions', () => {
    expect(validateForm({ ...form, min: '13', max: '12' })).toEqual({
      max: 'The max must be greater than or equal to the min.',
    });
    expect(validateForm({ ...form, min: '12', max: '12' })).toEqual({});
    expect(validateForm({ ...form, level: '0', progress: '1.5' })).toEqual({
      level: 'The level must be at least 1.',
      progress: 'The progress must be a whole number.',
    });
  });

  it('needs a form group name and exercise type; the video and its link are optional', () => {
    expect(validateFormGroup({ name: '', exercise_type_id: '', video_id: '', video_link: '' })).toEqual({
      name: 'Enter the name.',
      exercise_type_id: 'Choose an exercise type.',
    });
    expect(validateFormGroup({ name: 'Row', exercise_type_id: '1', video_id: '', video_link: '' })).toEqual({});
  });
});

describe('the delete dialog says where members go', () => {
  it('to the form below, the form above for the first, nowhere for the last form', () => {
    expect(deleteConsequence({ name: 'B', members_count: 2, rung: 2 }, 3)).toBe(
      'B will be deleted. The 2 members on it will move to the form below it. Workout results keep its name.',
    );
    expect(deleteConsequence({ name: 'A', members_count: 1, rung: 1 }, 3)).toBe(
      'A will be deleted. The 1 member on it will move to the form above it. Workout results keep its name.',
    );
    expect(deleteConsequence({ name: 'C', members_count: 0, rung: 3 }, 3)).toBe(
      'C will be deleted. No member stands on it. Workout results keep its name.',
    );
    expect(deleteConsequence({ name: 'Only', members_count: 1, rung: 1 }, 1)).toBe(
      'Only is the last form of this group and 1 member stands on it, so it cannot be deleted.',
    );
    expect(membersStand(3)).toBe('3 members stand');
  });
});
