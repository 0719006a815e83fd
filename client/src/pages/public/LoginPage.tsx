import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../api/trpc.ts';
import { throttleNotice } from '../../api/errors.ts';
import { postLoginTarget } from '../../auth/guard.ts';
import { authStore } from '../../auth/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { CheckboxField, EmailField, PasswordField } from '../../components/ui/Field.tsx';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { AuthCard, FormAlert } from './AuthCard.tsx';

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
          const throttled = throttleNotice(error);
          if (throttled) setNotice(throttled);
        },
      },
    );
  };

  return (
    <AuthCard title="Login">
      <form className="form" onSubmit={submit} noValidate>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField kind="current" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="form__row">
          <CheckboxField
            label="Remember me"
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link href="/forgot_password" className="link">
            Forgot password?
          </Link>
        </div>
        <FormAlert>{notice}</FormAlert>
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
    </AuthCard>
  );
}
