import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ParQForm, type ParQValues } from './ParQForm.tsx';
import { PARQ_QUESTIONS } from './parq.ts';

function setup(props: { today?: string } = {}) {
  const onSubmit = vi.fn<(v: ParQValues) => void>();
  render(<ParQForm onSubmit={onSubmit} pending={false} today="2026-03-12" {...props} />);
  /** Answers question n (1-based) with Yes or No. */
  const answer = (n: number, value: 'Yes' | 'No') => {
    const group = screen.getByRole('group', { name: new RegExp(escape(PARQ_QUESTIONS[n - 1] as string)) });
    fireEvent.click(within(group).getByRole('radio', { name: value }));
  };
  const answerAll = (value: 'Yes' | 'No') => PARQ_QUESTIONS.forEach((_, i) => answer(i + 1, value));
  const submission = () => screen.queryByRole('heading', { name: 'Submission' });
  return { onSubmit, answer, answerAll, submission };
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const messageOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part)?.textContent)
    .find((t) => t && /required/.test(t));
};

describe('PAR-Q submission section (spec section 4)', () => {
  it('asks the seven standard questions with Yes and No each', () => {
    setup();
    expect(screen.getAllByRole('group')).toHaveLength(7);
    expect(screen.getAllByRole('radio', { name: 'Yes' })).toHaveLength(7);
    expect(
      screen.getByText(/heart condition and that you should only do physical activity recommended by a doctor/),
    ).toBeTruthy();
  });

  it('appears only when all seven questions are answered', () => {
    const { answer, submission } = setup();
    for (let n = 1; n <= 6; n++) {
      answer(n, 'No');
      expect(submission()).toBeNull();
    }
    expect(screen.queryByLabelText('E-signature')).toBeNull();
    answer(7, 'No');
    expect(submission()).not.toBeNull();
  });

  it('says "seek medical advice" when any answer is yes', () => {
    const { answerAll, answer } = setup();
    answerAll('No');
    answer(4, 'Yes');
    expect(screen.getByRole('status').textContent).toMatch(/seek medical advice/i);
    expect(screen.queryByText(/good to go/i)).toBeNull();
  });

  it('says "good to go" when all answers are no, with the 12-month clearance note', () => {
    const { answerAll } = setup();
    answerAll('No');
    expect(screen.getByRole('status').textContent).toMatch(/good to go/i);
    expect(screen.queryByText(/seek medical advice/i)).toBeNull();
    expect(screen.getByText(/valid for a maximum of 12 months/).textContent).toMatch(
      /invalid if your condition changes so that you would answer YES/,
    );
  });

  it('prefills the date with today and disables it', () => {
    const { answerAll } = setup();
    answerAll('No');
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.value).toBe('2026-03-12');
    expect(date.disabled).toBe(true);
  });
});

describe('PAR-Q messages (spec section 5)', () => {
  it('blocks a submit without e-signature with "E Signutre is required"', () => {
    const { answerAll, onSubmit } = setup();
    answerAll('No');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(messageOf('E-signature')).toBe('E Signutre is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Date is required" when there is no date', () => {
    const { answerAll, onSubmit } = setup({ today: '' });
    answerAll('No');
    fireEvent.change(screen.getByLabelText('E-signature'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(messageOf('Date')).toBe('Date is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the answers (1 yes, 0 no), the date and the signature, with empty names', () => {
    const { answerAll, answer, onSubmit } = setup();
    answerAll('No');
    answer(2, 'Yes');
    fireEvent.change(screen.getByLabelText('E-signature'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      first_name: '',
      last_name: '',
      date: '2026-03-12',
      e_signature: 'Ada Lovelace',
      question1: 0,
      question2: 1,
      question3: 0,
      question4: 0,
      question5: 0,
      question6: 0,
      question7: 0,
    });
  });
});
