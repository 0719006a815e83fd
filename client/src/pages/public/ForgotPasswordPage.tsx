import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { TOAST_MS } from '@evolution/shared/constants';
import { throttleNotice } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { LOGIN } from '../../auth/places.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmailField } from '../../components/ui/Field.tsx';
import { toast } from '../../components/ui/notifier.ts';
import { AuthCard, BackToLogin, FormAlert } from './AuthCard.tsx';

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
          const throttled = throttleNotice(error);
          if (throttled) setNotice(throttled);
        },
      },
    );
  };

  return (
    <AuthCard title="Forgot Password">
      <p className="muted">Enter the email of your account and we will send you a link to choose a new password.</p>
      <form className="form" onSubmit={submit} noValidate>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormAlert>{notice}</FormAlert>
        <Button type="submit" block busy={request.isPending || request.isSuccess}>
          Send
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
