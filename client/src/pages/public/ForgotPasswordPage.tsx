import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { TOAST_MS } from '@evolution/shared';
import { readFailure } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { LOGIN } from '../../auth/guard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/notifier.ts';

/** /forgot_password: email and Send; the answer is shown and the visitor goes back to login. */
export default function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const request = trpc.account.requestPasswordReset.useMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    setNotice(null);
    request.mutate(
      { email },
      {
        onSuccess(res) {
          toast.success(res.message, TOAST_MS.medium);
          navigate(LOGIN, { replace: true });
        },
        onError(error) {
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
        Forgot Password
      </h1>
      <p className="muted">Enter the email of your account and we will send you a link to choose a new password.</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {notice && (
          <p className="form__alert" role="alert">
            {notice}
          </p>
        )}
        <Button type="submit" block busy={request.isPending || request.isSuccess}>
          Send
        </Button>
      </form>
      <p className="card__footer">
        <Link href={LOGIN} className="link">
          Back to login
        </Link>
      </p>
    </section>
  );
}
