import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { TOAST_MS } from '@evolution/shared/constants';
import { trpc } from '../../api/trpc.ts';
import { LOGIN } from '../../auth/places.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmailField, PasswordField } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { useQueryParams } from '../../router/useQueryParams.ts';
import { AuthCard, BackToLogin } from './AuthCard.tsx';

/** /reset-password?token=...&email=...: the emailed link; email, password and confirmation set a new password. */
export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const query = useQueryParams();
  const token = query.get('token') ?? '';
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = trpc.account.resetPassword.useMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    reset.mutate(
      { email, token, password, confirm_password: confirm },
      {
        onSuccess(res) {
          toast.success(res.message, TOAST_MS.medium);
          navigate(LOGIN, { replace: true });
        },
      },
    );
  };

  return (
    <AuthCard title="Reset Password">
      {token ? (
        <form className="form" onSubmit={submit} noValidate>
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordField kind="new" value={password} onChange={(e) => setPassword(e.target.value)} />
          <PasswordField
            kind="new"
            label="Confirm password"
            name="confirm_password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" block busy={reset.isPending || reset.isSuccess}>
            Reset password
          </Button>
        </form>
      ) : (
        <p className="notice notice--warning" role="alert">
          This page opens from the link in your password reset email, and this link has no token.{' '}
          <Link href="/forgot_password" className="link">
            Ask for a new link
          </Link>
        </p>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
