import { useId, type ComponentProps } from 'react';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** The field's message, shown under it and tied to it for screen readers. */
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its error message. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
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
