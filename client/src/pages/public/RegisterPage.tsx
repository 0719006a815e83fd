import { useState } from 'react';
import { useLocation } from 'wouter';
import { fieldErrors } from '../../api/errors.ts';
import { trpc } from '../../api/trpc.ts';
import { authStore } from '../../auth/store.ts';
import { RegisterForm, type RegisterErrors } from './RegisterForm.tsx';
import { AuthCard } from './AuthCard.tsx';

/** Register: a new member is signed in and starts setup at the readiness questionnaire. */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const [serverErrors, setServerErrors] = useState<RegisterErrors>({});
  const register = trpc.auth.register.useMutation();

  return (
    <AuthCard eyebrow="Start your evolution" title="Register">
      <RegisterForm
        pending={register.isPending || register.isSuccess}
        serverErrors={serverErrors}
        onSubmit={(values) => {
          setServerErrors({});
          authStore.setStatus('loading');
          register.mutate(values, {
            onSuccess(res) {
              authStore.signIn(res);
              navigate('/setup/par-q', { replace: true });
            },
            onError(error) {
              authStore.setStatus('error');
              setServerErrors(fieldErrors(error));
            },
          });
        }}
      />
    </AuthCard>
  );
}
