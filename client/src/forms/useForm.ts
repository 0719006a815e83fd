import { useState, type FormEvent } from 'react';
import { FORM_MESSAGE } from '@evolution/shared/constants';

/** What the forms need of a shared zod schema: safeParse and its issues (the client does not import zod itself). */
export interface ParseableSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
  };
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field of a schema's verdict on `values`, limited to `fields`. */
export function schemaErrors<F extends string>(
  schema: ParseableSchema,
  values: unknown,
  fields: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  const result = schema.safeParse(values);
  for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !out[field as F])
      out[field as F] = issue.message;
  }
  return out;
}

/**
 * Adds "Passwords do not match" as soon as both passwords are typed: the schemas check the match only once every
 * field is valid.
 */
export function withPasswordMatch<F extends string>(
  errors: FieldErrors<F>,
  values: Record<F, string>,
  password: F,
  confirmation: F,
): FieldErrors<F> {
  if (!errors[confirmation] && values[confirmation] && values[password] !== values[confirmation])
    errors[confirmation] = FORM_MESSAGE.passwordsMismatch;
  return errors;
}

export interface FormState<F extends string> {
  values: Record<F, string>;
  /** Every current rule failure, shown or not. */
  errors: FieldErrors<F>;
  /** The message to show for a field: its own once touched or after a submit attempt, else a server message until edited. */
  shown(field: F): string | undefined;
  set(field: F, value: string): void;
  /** Props for a TextField/SelectField/TextAreaField. */
  bind(field: F): {
    name: F;
    value: string;
    error: string | undefined;
    onChange: (e: { target: { value: string } }) => void;
    onBlur: () => void;
  };
  /** Call from onSubmit: marks the attempt, focuses the first invalid field, and says whether the values may be sent. */
  attempt(e: FormEvent<HTMLFormElement>): boolean;
  /** Field messages from the server (a 422), shown until the field changes. */
  setServerErrors(errors: FieldErrors<F>): void;
  reset(values?: Record<F, string>): void;
  submitted: boolean;
}

/** A small controlled-form state: values, rule messages gated by touch or submit, and server messages. */
export function useForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
  order: readonly F[],
): FormState<F> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors<F>>({});
  const errors = validate(values);

  const shown = (field: F) => ((submitted || touched[field]) && errors[field]) || server[field] || undefined;
  const set = (field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => (s[field] ? { ...s, [field]: undefined } : s));
  };

  return {
    values,
    errors,
    shown,
    set,
    bind: (field) => ({
      name: field,
      value: values[field],
      error: shown(field),
      onChange: (e) => set(field, e.target.value),
      onBlur: () => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
    }),
    attempt(e) {
      e.preventDefault();
      setSubmitted(true);
      const firstInvalid = order.find((f) => errors[f]);
      if (!firstInvalid) return true;
      e.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return false;
    },
    setServerErrors: setServer,
    reset(next = initial) {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServer({});
    },
    submitted,
  };
}
