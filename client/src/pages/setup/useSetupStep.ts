import { useLocation } from 'wouter';
import { readFailure } from '../../api/errors.ts';
import { useRefreshSession } from '../../auth/actions.ts';
import { MEMBER_HOME, setupTarget } from '../../auth/places.ts';
import { authStore } from '../../auth/store.ts';

interface StepAnswer {
  initial_setup: 0 | 1;
  initial_setup_step: number;
}

/**
 * What a setup submit does next (spec section 4): store the new step on the user and go to its page, or to Ground Zero
 * once setup is off. A 409 means the step was already done elsewhere: catch up with the server and go where it says.
 */
export function useSetupStep() {
  const [, navigate] = useLocation();
  const refreshSession = useRefreshSession();
  return {
    onSuccess(res: StepAnswer) {
      const user = authStore.get().user;
      if (user)
        authStore.update({
          user: { ...user, initial_setup: res.initial_setup, initial_setup_step: res.initial_setup_step },
        });
      navigate(res.initial_setup ? setupTarget(authStore.get()) : MEMBER_HOME, { replace: true });
    },
    async onError(error: unknown) {
      if (readFailure(error).status !== 409) return;
      await refreshSession().catch(() => undefined);
      const target = setupTarget(authStore.get());
      navigate(target === '/' ? MEMBER_HOME : target, { replace: true });
    },
  };
}
