import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@evolution/shared';
import type { Notice } from '../components/ui/notifier.ts';
import { decideNavigation } from './guard.ts';
import { endingSessionOn401, endSessionRefusing, SESSION_ENDED_NOTICE, unauthorisedHandled } from './sessionEnd.ts';
import { authStore } from './store.ts';
import { testMember } from '../router/renderRouteView.tsx';

const member: LoginResponse = {
  ...testMember,
  access_token: 'revoked-jwt',
  user_id: 42,
  access: { warrior_channel: true },
};

describe('a 401 mid-session', () => {
  afterEach(() => {
    vi.useRealTimers();
    authStore.clear();
  });

  it('clears the session so the navigation rules send the member to login with the redirect query', () => {
    authStore.signIn(member);
    const show = vi.fn<(n: Notice) => void>();
    expect(endSessionRefusing('revoked-jwt', show, 1_000)).toBe(true);
    expect(authStore.get().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(decideNavigation(authStore.get(), '/with_menu/contact_information')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwith_menu%2Fcontact_information',
      clearSession: true,
    });
    // The notice waits for the login screen, and is said once.
    expect(show).not.toHaveBeenCalled();
    dispatchEvent(new HashChangeEvent('hashchange'));
    dispatchEvent(new HashChangeEvent('hashchange'));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(SESSION_ENDED_NOTICE);
  });

  it('leaves a newer session alone when the refused token was already replaced (a password change)', () => {
    authStore.signIn({ ...member, access_token: 'new-jwt' });
    const show = vi.fn<(n: Notice) => void>();
    expect(endSessionRefusing('revoked-jwt', show)).toBe(false);
    expect(endSessionRefusing(null, show)).toBe(false);
    expect(authStore.get().token).toBe('new-jwt');
    // The stale call's 401 is not worth a notice either.
    expect(unauthorisedHandled()).toBe(true);
  });

  it("answers the same screen's other 401s as handled, then leaves a visitor's 401 to the catalogue", () => {
    authStore.signIn(member);
    endSessionRefusing('revoked-jwt', () => undefined, 10_000);
    expect(unauthorisedHandled(10_500)).toBe(true);
    expect(unauthorisedHandled(20_000)).toBe(false);
  });

  it('says it on the screen when the screen stays (a page open to visitors)', () => {
    vi.useFakeTimers();
    authStore.signIn(member);
    const show = vi.fn<(n: Notice) => void>();
    endSessionRefusing('revoked-jwt', show);
    vi.advanceTimersByTime(1_000);
    expect(show).toHaveBeenCalledTimes(1);
    dispatchEvent(new HashChangeEvent('hashchange'));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('ends it from the API fetch: a 401, or a batch with a 401 in it, for the stored token', async () => {
    const answer =
      (status: number, body: unknown = {}) =>
      async () =>
        new Response(JSON.stringify(body), { status });
    const init = { headers: { Authorization: 'Bearer revoked-jwt' } };
    authStore.signIn(member);
    await endingSessionOn401(answer(200), () => undefined)('/trpc/x', init);
    await endingSessionOn401(answer(207, [{ result: {} }, { error: { data: { httpStatus: 404 } } }]), () => undefined)(
      '/trpc/x,y',
      init,
    );
    expect(authStore.get().token).toBe('revoked-jwt');
    const batch = [{ result: {} }, { error: { data: { httpStatus: 401 } } }];
    const res = await endingSessionOn401(answer(207, batch), () => undefined)('/trpc/x,y', init);
    expect(await res.json()).toEqual(batch);
    expect(authStore.get().token).toBeNull();
    authStore.signIn(member);
    await endingSessionOn401(answer(401), () => undefined)('/trpc/x', init);
    expect(authStore.get().token).toBeNull();
  });
});
