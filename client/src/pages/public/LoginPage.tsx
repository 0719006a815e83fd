import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { readFailure } from '../../api/errors.ts';
import { postLoginTarget } from '../../auth/guard.ts';
import { authStore } from '../../auth/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { CheckboxField, TextField } from '../../components/ui/Field.tsx';
import { useQueryParams } from '../../router/useQueryParams.ts';

/** Login: email, password, remember; INITIATE signs in and goes to the user's area (or the redirect query). */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const redirect = useQueryParams().get('redirect');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const login = trpc.auth.login.useMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    setNotice(null);
    authStore.setStatus('loading');
    login.mutate(
      { email, password, remember },
      {
        onSuccess(res) {
          authStore.signIn(res);
          navigate(postLoginTarget(authStore.get(), redirect), { replace: true });
        },
        onError(error) {
          authStore.clear('error');
          // The catalogue keeps 429 silent; the form still says why nothing happened.
          const failure = readFailure(error);
          if (failure.status === 429) setNotice(failure.message || 'Too many attempts. Please wait a minute and try again.');
        },
      },
    );
  };

  return (
    <section className="card card--auth" aria-labelledby="page-title">
      <p className="eyebrow">Member access</p>
      <h1 id="page-title" className="card__title">
        Login
      </h1>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__row">
          <CheckboxField label="Remember me" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Link href="/forgot_password" className="link">
            Forgot password?
          </Link>
        </div>
        {notice && (
          <p className="form__alert" role="alert">
            {notice}
          </p>
        )}
        <Button type="submit" block busy={login.isPending || login.isSuccess}>
          INITIATE
        </Button>
      </form>
      <p className="card__footer">
        New here?{' '}
        <Link href="/register" className="link">
          Create an account
        </Link>
      </p>
    </section>
  );
}
