import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@evolution/shared';
import { createAuthStore, onUserChange } from './store.ts';

const response: LoginResponse = {
  access_token: 'jwt-1',
  user_role: 1,
  user_id: 42,
  name: 'Ada',
  email: 'ada@example.com',
  initial_setup: 1,
  initial_setup_step: 1,
  access: { evolution_page: false, warrior_channel: true },
  subscription: {
    active: true,
    channel: { id: 1, name: 'Warrior', short_name: 'warrior' },
    plan: { plan_id: 2 },
    status: 'active',
    current_period_end: null,
    cancel_at_period_end: false,
  },
  evolution_id: 9,
  evolution: 1,
  version: 2,
  phase: 3,
  need_calibration: true,
};

describe('auth state in local storage (spec section 4)', () => {
  beforeEach(() => localStorage.clear());

  it('persists token, user, evolution, access and subscription under those keys', () => {
    const store = createAuthStore(localStorage);
    store.signIn(response);
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      user_id: 42,
      user_role: 1,
      name: 'Ada',
      email: 'ada@example.com',
      initial_setup: 1,
      initial_setup_step: 1,
    });
    expect(JSON.parse(localStorage.getItem('evolution') ?? 'null')).toEqual({
      evolution_id: 9,
      evolution: 1,
      version: 2,
      phase: 3,
      need_calibration: true,
    });
    expect(JSON.parse(localStorage.getItem('access') ?? 'null')).toEqual(response.access);
    expect(JSON.parse(localStorage.getItem('subscription') ?? 'null')).toEqual(response.subscription);
    expect(store.get().status).toBe('success');
  });

  it('a new store reads the session back', () => {
    createAuthStore(localStorage).signIn(response);
    const again = createAuthStore(localStorage).get();
    expect(again.token).toBe('jwt-1');
    expect(again.user?.user_id).toBe(42);
    expect(again.ready).toBe(false); // waits for the start-up call
  });

  it('start-up answers keep the stored token', () => {
    const store = createAuthStore(localStorage);
    store.signIn(response);
    const { access_token: _drop, ...me } = response;
    store.refresh({ ...me, initial_setup: 0 });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(store.get().user?.initial_setup).toBe(0);
  });

  it('clear removes all five keys and sets the status', () => {
    localStorage.setItem('unrelated', 'stays');
    const store = createAuthStore(localStorage);
    store.signIn(response);
    store.clear('error');
    for (const key of ['token', 'user', 'evolution', 'access', 'subscription'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(store.get().status).toBe('error');
  });

  it('an admin has no evolution stored', () => {
    const store = createAuthStore(localStorage);
    const {
      evolution_id: _a,
      evolution: _b,
      version: _c,
      phase: _d,
      need_calibration: _e,
      ...adminResponse
    } = response;
    store.signIn({ ...adminResponse, user_role: 2 });
    expect(localStorage.getItem('evolution')).toBeNull();
  });
});

describe('onUserChange', () => {
  beforeEach(() => localStorage.clear());

  it('hears each change of member (a sign-in, another member, a sign-out), not a refresh of the same one', () => {
    const store = createAuthStore();
    const heard: [number | null, number | null][] = [];
    const stop = onUserChange(store, (previous, next) => heard.push([previous, next]));
    store.signIn(response);
    store.refresh({ ...response, initial_setup: 0 });
    store.signIn({ ...response, user_id: 43, access_token: 'jwt-2' });
    store.clear();
    stop();
    store.signIn(response);
    expect(heard).toEqual([
      [null, 42],
      [42, 43],
      [43, null],
    ]);
  });
});
