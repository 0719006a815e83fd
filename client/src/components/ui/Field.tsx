import { useId, type ComponentProps, type ReactNode } from 'react';
import { decimalPoint } from '../../forms/format.ts';

interface FieldFrame {
  label: string;
  /** The field's message, shown under it and tied to it for screen readers. */
  error?: string | undefined;
  /** Marks the field invalid without a message (forms whose spec shows none). */
  invalid?: boolean | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

/** The label, hint and message around one control; `control` receives the ids and ARIA state to put on it. */
function Frame({
  label,
  error,
  invalid,
  hint,
  className,
  control,
}: FieldFrame & { control: (aria: ControlAria) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const bad = Boolean(error) || Boolean(invalid);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${bad ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-invalid': bad ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's message under it; `id` ties it to the control (its aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export type TextFieldProps = FieldFrame & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/** A labelled input with its error message. */
export function TextField({ label, error, invalid, hint, className, ...input }: TextFieldProps) {
  return (
    <Frame
      {...{ label, error, invalid, hint, className }}
      control={(aria) => <input className="field__input" {...aria} {...input} />}
    />
  );
}

/**
 * A number field whose keypad follows its step: whole steps get a number input and the numeric keypad. Finer steps get
 * text with the decimal keypad, a comma read as a point as it is typed: a phone set to a comma region types "72,5",
 * which a number input reports as empty (Safari, Firefox), so the member read "required" under a filled field. Bounds
 * (min, max, step) apply to whole-number fields only: the forms check ranges themselves (they are noValidate).
 */
export function NumberField({
  step,
  min,
  max,
  onChange,
  ...props
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'step'> & { step: number | string }) {
  if (Number.isInteger(Number(step)))
    return <TextField type="number" inputMode="numeric" {...{ step, min, max, onChange }} {...props} />;
  return (
    <TextField
      type="text"
      inputMode="decimal"
      autoComplete="off"
      onChange={(e) => {
        e.target.value = decimalPoint(e.target.value);
        onChange?.(e);
      }}
      {...props}
    />
  );
}

type FixedInput = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete'>;

/** An account's email field (sign-in, reset and forgotten password). */
export function EmailField(props: FixedInput) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" {...props} />;
}

/** A password field: the one the member has (`current`) or one they choose (`new`). */
export function PasswordField({
  label = 'Password',
  name = 'password',
  kind,
  ...props
}: FixedInput & { label?: string; name?: string; kind: 'current' | 'new' }) {
  return <TextField label={label} type="password" name={name} autoComplete={`${kind}-password`} {...props} />;
}

export type SelectFieldProps = FieldFrame & Omit<ComponentProps<'select'>, 'id' | 'className'>;

/** A labelled select with its error message. */
export function SelectField({ label, error, invalid, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <Frame
      {...{ label, error, invalid, hint, className }}
      control={(aria) => (
        <select className="field__input" {...aria} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export type TextAreaFieldProps = FieldFrame & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

/** A labelled multi-line text with its error message. */
export function TextAreaField({ label, error, invalid, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Frame
      {...{ label, error, invalid, hint, className }}
      control={(aria) => <textarea className="field__input field__input--area" {...aria} {...textarea} />}
    />
  );
}

/** One option of a `.choice-list`: a radio and its text, with a figure (a number in large type) before the text. */
export function RadioChoice({
  figure,
  children,
  ...input
}: { figure?: ReactNode; children: ReactNode } & Omit<ComponentProps<'input'>, 'type' | 'children'>) {
  return (
    <label className="choice">
      <input type="radio" {...input} />
      {figure !== undefined && <span className="choice__main">{figure}</span>}
      <span className="choice__text">{children}</span>
    </label>
  );
}

/** A labelled checkbox. */
export function CheckboxField({ label, ...input }: { label: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" className="checkbox__input" {...input} />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
