import { DESIRED_AESTHETICS, factFindingInput, FOOD_PREFERENCES } from '@evolution/shared';
import { Button } from '../../components/ui/Button.tsx';
import { NumberField, SelectField, TextAreaField, TextField } from '../../components/ui/Field.tsx';
import { schemaErrors, useForm, type FieldErrors } from '../../forms/useForm.ts';

const FACT_FIND_FIELDS = [
  'date_of_birth',
  'height',
  'weight',
  'wrist_circumference',
  'ankle_circumference',
  'desired_aesthetic',
  'food_preference',
  'waking_time',
  'work_start',
  'break_time_start_finish',
  'work_finish',
  'time_of_slumber',
  'physical_activities',
] as const;
type Field = (typeof FACT_FIND_FIELDS)[number];
export type FactFindValues = Record<Field, string>;

const EMPTY = Object.fromEntries(FACT_FIND_FIELDS.map((f) => [f, ''])) as FactFindValues;

/** The body goal each aesthetic aims at (spec section 9). */
const AESTHETIC_HINT: Record<(typeof DESIRED_AESTHETICS)[number], string> = {
  Warrior: '6–8% body fat',
  Titan: '9–12% body fat',
  Tank: '13% body fat and above',
};

/** The fact-find rules (spec section 5) through the shared schema: every field required, each with its message. */
const validateFactFind = (values: FactFindValues): FieldErrors<Field> =>
  schemaErrors(factFindingInput, values, FACT_FIND_FIELDS);

export interface FactFindFormProps {
  /** The values as typed; the server parses them with the same schema. */
  onSubmit: (values: FactFindValues) => void;
  pending: boolean;
  /** Field messages from the server (a 422). */
  serverErrors?: FieldErrors<Field>;
}

/** The thirteen fact-find fields: body measures, goals, the member's day and their physical activities. */
export function FactFindForm({ onSubmit, pending, serverErrors }: FactFindFormProps) {
  const form = useForm(EMPTY, validateFactFind, FACT_FIND_FIELDS);
  const shownServer = (f: Field) => (form.values[f] === '' || !form.errors[f] ? serverErrors?.[f] : undefined);
  const bind = (f: Field) => {
    const b = form.bind(f);
    return { ...b, error: b.error ?? shownServer(f) };
  };
  // Date of birth is required with no message (spec section 5): the field is only marked.
  const dob = bind('date_of_birth');
  const dobMissing = form.values.date_of_birth === '' && (form.submitted || Boolean(dob.error));

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        if (form.attempt(e) && !pending) onSubmit(form.values);
      }}
    >
      <fieldset className="panel form-section">
        <legend className="form-section__title">Your body</legend>
        <div className="form-grid">
          <TextField
            label="Date of Birth"
            type="date"
            autoComplete="bday"
            {...dob}
            error={form.values.date_of_birth === '' ? undefined : dob.error}
            invalid={dobMissing}
          />
          <NumberField label="Height (inches)" step="0.1" min="20" max="120" {...bind('height')} />
          <NumberField label="Weight (kg)" step="0.1" min="20" max="400" {...bind('weight')} />
          <NumberField
            label="Wrist (inches)"
            step="0.1"
            hint="Circumference, measured just above the wrist bone."
            {...bind('wrist_circumference')}
          />
          <NumberField
            label="Ankle (inches)"
            step="0.1"
            hint="Circumference at the narrowest point."
            {...bind('ankle_circumference')}
          />
        </div>
      </fieldset>
      <fieldset className="panel form-section">
        <legend className="form-section__title">Your goals</legend>
        <div className="form-grid">
          <SelectField label="Desired Aesthetic" {...bind('desired_aesthetic')}>
            <option value="">Choose…</option>
            {DESIRED_AESTHETICS.map((a) => (
              <option key={a} value={a}>
                {a} ({AESTHETIC_HINT[a]})
              </option>
            ))}
          </SelectField>
          <SelectField label="Food Category" {...bind('food_preference')}>
            <option value="">Choose…</option>
            {FOOD_PREFERENCES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="panel form-section">
        <legend className="form-section__title">Your day</legend>
        <div className="form-grid">
          <TextField label="Waking Time" type="time" {...bind('waking_time')} />
          <TextField label="Work Start Time" type="time" {...bind('work_start')} />
          <TextField
            label="Work Break Length"
            hint="For example: 30 minutes, 12:30 to 13:00."
            {...bind('break_time_start_finish')}
          />
          <TextField label="Work Finish Time" type="time" {...bind('work_finish')} />
          <TextField label="Time of Slumber" type="time" {...bind('time_of_slumber')} />
        </div>
      </fieldset>
      <fieldset className="panel form-section">
        <legend className="form-section__title">Your activity</legend>
        <TextAreaField
          label="Physical Activities"
          rows={4}
          hint="Sports, training and active hobbies, and how often you do them."
          {...bind('physical_activities')}
        />
      </fieldset>
      <Button type="submit" busy={pending}>
        Submit
      </Button>
    </form>
  );
}
