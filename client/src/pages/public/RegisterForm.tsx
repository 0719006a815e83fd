import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { registerInput, type RegisterInput } from '@evolution/shared';
import { schemaErrors, withPasswordMatch } from '../../forms/useForm.ts';
import { Button } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';

export type RegisterValues = Pick<RegisterInput, 'email' | 'name' | 'password' | 'confirm_password'>;
type FieldName = keyof RegisterValues;
export type RegisterErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = ['email', 'name', 'password', 'confirm_password'];
const EMPTY: RegisterValues = { email: '', name: '', password: '', confirm_password: '' };

/** The spec's register rules (section 5), through the shared schema: first message per field. */
function validateRegister(values: RegisterValues): RegisterErrors {
  return withPasswordMatch(schemaErrors(registerInput, values, FIELDS), values, 'password', 'confirm_password');
}

export interface RegisterFormProps {
  onSubmit: (values: RegisterValues) => void;
  pending: boolean;
  /** Field messages from the server (a 422), shown until the field changes. */
  serverErrors?: RegisterErrors;
}

/** Register form: email, name, password, confirm password; messages per field; submit only when valid. */
export function RegisterForm({ onSubmit, pending, serverErrors = {} }: RegisterFormProps) {
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Partial<Record<FieldName, boolean>>>({});
  const errors = validateRegister(values);

  const shown = (field: FieldName): string | undefined => {
    if (submitted || touched[field]) {
      const own = errors[field];
      if (own) return own;
    }
    return edited[field] ? undefined : serverErrors[field];
  };

  const bind = (field: FieldName) => ({
    name: field,
    value: values[field],
    error: shown(field),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setEdited((s) => ({ ...s, [field]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setEdited({});
    if (pending) return;
    const firstInvalid = FIELDS.find((f) => errors[f]);
    if (firstInvalid) {
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <TextField label="Name" type="text" autoComplete="name" {...bind('name')} />
      <PasswordField kind="new" label="Password" {...bind('password')} />
      <PasswordField kind="new" label="Confirm password" {...bind('confirm_password')} />
      <Button type="submit" block busy={pending}>
        Register
      </Button>
      <p className="card__footer">
        Already a member?{' '}
        <Link href="/login" className="link">
          Back to login
        </Link>
      </p>
    </form>
  );
}
