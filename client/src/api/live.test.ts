import { describe, expect, it, vi } from 'vitest';
import { createLiveRegistry, isLiveQueryKey, type LiveEvent, type StartSubscription } from './live.ts';

/** A registry on fakes: a token that tests change, and subscriptions they drive by hand. */
function setup(initialToken: string | null = 'token-1') {
  let token = initialToken;
  const authListeners = new Set<() => void>();
  const opened: { observer: Parameters<StartSubscription>[0]; stopped: boolean }[] = [];
  const resync = vi.fn<() => void>();
  const registry = createLiveRegistry({
    start: (observer) => {
      const sub = { observer, stopped: false };
      opened.push(sub);
      return () => void (sub.stopped = true);
    },
    resync,
    token: () => token,
    onAuthChange: (listener) => {
      authListeners.add(listener);
      return () => void authListeners.delete(listener);
    },
  });
  const setToken = (next: string | null) => {
    token = next;
    for (const l of Array.from(authListeners)) l();
  };
  return { registry, opened, resync, setToken, authListeners };
}

const flag: LiveEvent = { topic: 'flag', id: 4 };

describe('the live registry', () => {
  it('opens one subscription for every handler and closes it when the last handler goes', () => {
    const { registry, opened } = setup();
    expect(opened).toHaveLength(0);
    const first = vi.fn<(event: LiveEvent) => void>();
    const second = vi.fn<(event: LiveEvent) => void>();
    const removeFirst = registry.add(first);
    const removeSecond = registry.add(second);
    expect(opened).toHaveLength(1);
    expect(registry.open).toBe(true);

    opened[0]!.observer.onData(flag);
    expect(first).toHaveBeenCalledWith(flag);
    expect(second).toHaveBeenCalledWith(flag);

    removeFirst();
    expect(opened[0]!.stopped).toBe(false);
    opened[0]!.observer.onData({ topic: 'message', id: 9 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    removeSecond();
    expect(opened[0]!.stopped).toBe(true);
    expect(registry.open).toBe(false);
  });

  it('waits for a sign-in, stops on sign-out and opens anew for the next sign-in', () => {
    const { registry, opened, setToken, authListeners } = setup(null);
    const handler = vi.fn<(event: LiveEvent) => void>();
    const remove = registry.add(handler);
    expect(opened).toHaveLength(0);
    setToken('token-1');
    expect(opened).toHaveLength(1);
    setToken(null);
    expect(opened[0]!.stopped).toBe(true);
    // Events of the closed subscription reach nobody.
    opened[0]!.observer.onData(flag);
    expect(handler).not.toHaveBeenCalled();
    setToken('token-2');
    expect(opened).toHaveLength(2);
    opened[1]!.observer.onData(flag);
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    // Nothing is left listening to the auth store.
    expect(authListeners.size).toBe(0);
  });

  it('resyncs after a reconnection and when the server says events were missed, without calling the handlers', () => {
    const { registry, opened, resync } = setup();
    const handler = vi.fn<(event: LiveEvent) => void>();
    registry.add(handler);
    const sub = opened[0]!.observer;
    sub.onStarted();
    expect(resync).not.toHaveBeenCalled();
    // tRPC's link reconnected by itself.
    sub.onStarted();
    expect(resync).toHaveBeenCalledTimes(1);
    sub.onData({ topic: 'resync' });
    expect(resync).toHaveBeenCalledTimes(2);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not retry a refused token over and over; a new token opens again', () => {
    const { registry, opened, setToken } = setup();
    registry.add(vi.fn<(event: LiveEvent) => void>());
    opened[0]!.observer.onError(new Error('UNAUTHORIZED'));
    expect(registry.open).toBe(false);
    setToken('token-1');
    expect(opened).toHaveLength(1);
    setToken('token-2');
    expect(opened).toHaveLength(2);
    expect(registry.open).toBe(true);
  });
});

describe('isLiveQueryKey', () => {
  it('matches tRPC keys under flags, messages, admin.flags and admin.messages only', () => {
    expect(isLiveQueryKey([['flags', 'list'], { input: { page: 1 }, type: 'query' }])).toBe(true);
    expect(isLiveQueryKey([['messages', 'unreadCount'], { type: 'query' }])).toBe(true);
    expect(isLiveQueryKey([['admin', 'flags', 'get'], { input: { id: 2 }, type: 'query' }])).toBe(true);
    expect(isLiveQueryKey([['admin', 'messages', 'list']])).toBe(true);
    expect(isLiveQueryKey([['admin', 'users', 'list']])).toBe(false);
    expect(isLiveQueryKey([['auth', 'me']])).toBe(false);
    expect(isLiveQueryKey(['flags'])).toBe(false);
  });
});
