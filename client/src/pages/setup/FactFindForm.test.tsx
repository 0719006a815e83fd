import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FactFindForm, type FactFindValues } from './FactFindForm.tsx';

function setup() {
  const onSubmit = vi.fn<(v: FactFindValues) => void>();
  render(<FactFindForm onSubmit={onSubmit} pending={false} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  return { onSubmit, type, submit };
}

const messageOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error')?.textContent;
};

const MESSAGES: [string, string][] = [
  ['Height (inches)', 'Height is required'],
  ['Weight (kg)', 'Weight is required'],
  ['Wrist (inches)', 'Wrist is required'],
  ['Ankle (inches)', 'Ankle is required'],
  ['Desired Aesthetic', 'Desired Aesthetic is required'],
  ['Food Category', 'Food Category is required'],
  ['Waking Time', 'Waking Time is required'],
  ['Work Start Time', 'Work Start Time is required'],
  ['Work Break Length', 'Work Break Length is required'],
  ['Work Finish Time', 'Work Finish Time is required'],
  ['Time of Slumber', 'Time of Slumber is required'],
  ['Physical Activities', 'Physical Activities is required'],
];

describe('fact-find messages (spec section 5)', () => {
  it("an empty submit shows each field's message and sends nothing", () => {
    const { submit, onSubmit } = setup();
    submit();
    expect(MESSAGES.map(([label]) => [label, messageOf(label)])).toEqual(MESSAGES);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('date of birth is required with no message: marked invalid only', () => {
    const { submit } = setup();
    submit();
    const dob = screen.getByLabelText('Date of Birth');
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('Date of Birth')).toBeUndefined();
  });

  it('a message goes as soon as its field is filled', () => {
    const { submit, type } = setup();
    submit();
    type('Height (inches)', '70');
    expect(messageOf('Height (inches)')).toBeUndefined();
    expect(messageOf('Weight (kg)')).toBe('Weight is required');
  });

  it('sends all thirteen fields once each is valid', () => {
    const { submit, type, onSubmit } = setup();
    const values: FactFindValues = {
      date_of_birth: '1990-05-01',
      height: '70',
      weight: '80',
      wrist_circumference: '7',
      ankle_circumference: '9',
      desired_aesthetic: 'Titan',
      food_preference: 'Pescatarian',
      waking_time: '06:30',
      work_start: '09:00',
      break_time_start_finish: '30 minutes',
      work_finish: '17:30',
      time_of_slumber: '22:45',
      physical_activities: 'Running twice a week',
    };
    const labels: Record<keyof FactFindValues, string> = {
      date_of_birth: 'Date of Birth',
      height: 'Height (inches)',
      weight: 'Weight (kg)',
      wrist_circumference: 'Wrist (inches)',
      ankle_circumference: 'Ankle (inches)',
      desired_aesthetic: 'Desired Aesthetic',
      food_preference: 'Food Category',
      waking_time: 'Waking Time',
      work_start: 'Work Start Time',
      break_time_start_finish: 'Work Break Length',
      work_finish: 'Work Finish Time',
      time_of_slumber: 'Time of Slumber',
      physical_activities: 'Physical Activities',
    };
    for (const [field, value] of Object.entries(values)) type(labels[field as keyof FactFindValues], value);
    submit();
    expect(onSubmit).toHaveBeenCalledWith(values);
  });
});
