import { useState, type FormEvent } from 'react';
import { applicationDetailsInput, type ApplicationDetailsInput } from '@evolution/shared';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { todayIso } from '../../forms/format.ts';
import { schemaErrors } from '../../forms/useForm.ts';
import { allAnswered, PARQ_QUESTIONS, PARQ_TEXT, parqVerdict, type ParQAnswers } from './parq.ts';
import './parq.css';

/** What the questionnaire sends (POST user/application_details); first and last name exist and stay empty. */
export type ParQValues = Omit<ApplicationDetailsInput, 'first_name' | 'last_name'> & {
  first_name: string;
  last_name: string;
};

export interface ParQFormProps {
  onSubmit: (values: ParQValues) => void;
  pending: boolean;
  /** The date the questionnaire is signed on; today by default. */
  today?: string;
}

/** The PAR-Q: seven yes/no questions, then (once all are answered) the verdict, the clearance note, the date and e-signature. */
export function ParQForm({ onSubmit, pending, today = todayIso() }: ParQFormProps) {
  const [answers, setAnswers] = useState<ParQAnswers>(() => PARQ_QUESTIONS.map(() => null));
  const [signature, setSignature] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const verdict = parqVerdict(answers);
  const answeredCount = answers.filter((a) => a !== null).length;

  const payload = () => {
    const values: Record<string, unknown> = { first_name: '', last_name: '', date: today, e_signature: signature };
    answers.forEach((a, i) => (values[`question${i + 1}`] = a));
    return values;
  };
  const errors = schemaErrors(applicationDetailsInput, payload(), ['date', 'e_signature']);
  const show = submitted || touched;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (pending || !allAnswered(answers)) return;
    if (errors.date || errors.e_signature) {
      e.currentTarget.querySelector<HTMLInputElement>('[name="e_signature"]')?.focus();
      return;
    }
    onSubmit(payload() as ParQValues);
  };

  return (
    <form className="form parq" onSubmit={submit} noValidate>
      <div className="panel prose">
        <p>{PARQ_TEXT.intro}</p>
        <p>{PARQ_TEXT.ages}</p>
        <p>{PARQ_TEXT.answerHonestly}</p>
      </div>
      <ol className="stack-list questions">
        {PARQ_QUESTIONS.map((question, i) => (
          <li key={question}>
            <fieldset className="question">
              <legend className="question__text">
                <span className="question__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span>{question}</span>
              </legend>
              <div className="yes-no">
                {([1, 0] as const).map((value) => (
                  <label key={value} className="yes-no__option">
                    <input
                      type="radio"
                      name={`question${i + 1}`}
                      value={value}
                      checked={answers[i] === value}
                      onChange={() => setAnswers((a) => a.map((old, j) => (j === i ? value : old)))}
                    />
                    <span>{value ? 'Yes' : 'No'}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {verdict === null ? (
        <p className="muted parq__progress" aria-live="polite">
          {answeredCount} of {PARQ_QUESTIONS.length} answered. Answer all seven questions to sign and submit.
        </p>
      ) : (
        <Panel titleId="parq-submission" title="Submission" className="form">
          {verdict === 'seek-advice' ? (
            <div className="notice notice--warning" role="status">
              <p>{PARQ_TEXT.seekAdvice}</p>
            </div>
          ) : (
            <div className="notice notice--success" role="status">
              <p>{PARQ_TEXT.goodToGo}</p>
            </div>
          )}
          <div className="prose prose--small">
            <p>{PARQ_TEXT.bloodPressure}</p>
            <p>{PARQ_TEXT.delay}</p>
            <p className="parq__clearance">{PARQ_TEXT.clearance}</p>
          </div>
          <div className="form-grid">
            <TextField
              label="Date"
              type="date"
              name="date"
              value={today}
              disabled
              readOnly
              error={show ? errors.date : undefined}
            />
            <TextField
              label="E-signature"
              name="e_signature"
              autoComplete="name"
              hint="Type your full name: it is your signature."
              value={signature}
              onChange={(e) => setSignature(e.target.value)}
              onBlur={() => setTouched(true)}
              error={show ? errors.e_signature : undefined}
            />
          </div>
          <Button type="submit" busy={pending}>
            Submit
          </Button>
        </Panel>
      )}
    </form>
  );
}
