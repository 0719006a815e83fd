import { useCallback, useEffect, useRef } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { LoginResponse } from '@evolution/shared';
import { readFailure } from '../api/errors.ts';
import { trpc } from '../api/trpc.ts';
import { wipePersistedData } from '../offline/persist.ts';
import { queuedSubmissions, sendQueued } from '../offline/queue.ts';
import { stopPushAtSignOut } from '../push/devicePush.ts';
import { authStore } from './store.ts';

/**
 * Start-up (spec section 7): with a stored token, ask who is signed in; failure or no user_id clears the session.
 * The app calls it at boot, before React renders, so the answer is on its way while the first screen loads.
 */
export function startUp(fetchMe: () => Promise<LoginResponse | null | undefined>): void {
  if (!authStore.get().token) return;
  // A phone with no network opens as the member last was (the session is in local storage), and asks once back online.
  const whenOnline = () => {
    authStore.keepStored();
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      startUp(fetchMe);
    });
  };
  if (!onlineManager.isOnline()) return whenOnline();
  authStore.setStatus('loading');
  fetchMe()
    .then((res) => (res?.user_id ? authStore.refresh(res) : authStore.clear('error')))
    // No answer at all (the network dropped on the way) is not a refusal: the stored session stays until it can ask.
    .catch((error: unknown) => (readFailure(error).status === null ? whenOnline() : authStore.clear('error')));
}

/** Start-up from inside React, for an app whose clients were not made at boot (tests). */
export function useStartUp(): void {
  const utils = trpc.useUtils();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startUp(() => utils.auth.me.fetch(undefined, { staleTime: 0, retry: false }));
  }, [utils]);
}

/** How long sign-out waits for the server (the revocation, the last send of a phase finished offline). */
const SIGN_OUT_WAIT_MS = 5_000;

/**
 * Before a sign-out, phases this member finished offline are sent one last time; if some still wait, the member says
 * whether to sign out anyway (they are sent the next time they sign in on this phone, and nobody else sees them).
 */
async function queueLetsSignOut(userId: number, token: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return true;
  const mine = async () => (await queuedSubmissions()).filter((entry) => entry.userId === userId);
  if (!(await mine()).some((entry) => entry.state === 'waiting')) return true;
  await Promise.race([
    sendQueued({ userId, token }).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
  const waiting = (await mine()).filter((entry) => entry.state === 'waiting').length;
  if (!waiting) return true;
  const phases =
    waiting === 1 ? '1 phase you finished on this phone has' : `${waiting} phases you finished on this phone have`;
  return window.confirm(
    `${phases} not been sent yet. They will be sent the next time you sign in here. Sign out anyway?`,
  );
}

/**
 * Logout: this device's notifications stop, the token is revoked on the server, then the session and the cache (on the
 * phone too) are cleared, and the app goes to /.
 */
export function useLogout(): () => Promise<void> {
  const { mutateAsync } = trpc.auth.logout.useMutation({ meta: { silentErrors: true } });
  const { mutateAsync: forgetDevice } = trpc.push.unsubscribe.useMutation({ meta: { silentErrors: true } });
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    const { token, user } = authStore.get();
    if (token && user && !(await queueLetsSignOut(user.user_id, token))) {
      navigate('/gateway/gateway', { replace: true });
      return;
    }
    if (token) {
      await stopPushAtSignOut((endpoint) => forgetDevice({ endpoint }));
      // With one bar of signal the revocation may never answer: the phone is signed out regardless.
      await Promise.race([
        mutateAsync().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
      ]);
    }
    authStore.clear();
    queryClient.clear();
    await wipePersistedData();
    navigate('/', { replace: true });
  }, [mutateAsync, forgetDevice, queryClient, navigate]);
}

/** Refreshes the stored session from the server (after a subscription change, a setup step, a calibration). */
export function useRefreshSession(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    const res = await utils.auth.me.fetch(undefined, { staleTime: 0, retry: false });
    if (res?.user_id) authStore.refresh(res);
  }, [utils]);
}
