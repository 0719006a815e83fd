import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../components/ui/notifier.ts';
import { BOOT_HOLD_MS, holdBootQuery } from './bootQuery.ts';
import { createQueryClient } from './queryClient.ts';

const failure = (httpStatus: number) => Object.assign(new Error('nope'), { data: { httpStatus, errors: null } });
/** The runner's options: fresh for 5 s, kept for no time once nobody reads it. */
const screenOptions = { queryKey: ['phase'], staleTime: 5_000, gcTime: 0 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => vi.useRealTimers());

describe("a screen's first query started at boot", () => {
  it('keeps its answer (gcTime 0) until the screen mounts, which reads it without asking again', async () => {
    const client = createQueryClient(() => undefined);
    const queryFn = vi.fn<() => Promise<{ phase: number }>>(() => Promise.resolve({ phase: 3 }));
    holdBootQuery(client, { ...screenOptions, queryFn });
    await settle();
    await settle();
    // The screen mounts later than the answer came (start-up still decides whether it may show).
    const screen = new QueryObserver(client, { ...screenOptions, queryFn });
    const stop = screen.subscribe(() => undefined);
    expect(screen.getCurrentResult().data).toEqual({ phase: 3 });
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    // Once the screen closes, the answer goes: the next visit asks afresh.
    stop();
    await settle();
    expect(client.getQueryCache().find({ queryKey: ['phase'] })).toBeUndefined();
  });

  it('lets the answer go after the hold when the screen never mounts (a redirect)', async () => {
    vi.useFakeTimers();
    const client = createQueryClient(() => undefined);
    holdBootQuery(client, { ...screenOptions, queryFn: () => Promise.resolve(1) });
    await vi.advanceTimersByTimeAsync(BOOT_HOLD_MS - 100);
    expect(client.getQueryCache().find({ queryKey: ['phase'] })?.state.data).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(client.getQueryCache().find({ queryKey: ['phase'] })).toBeUndefined();
  });

  it('fails silently at boot; the screen asks again and shows its own message', async () => {
    const show = vi.fn<(n: Notice) => void>();
    const client = createQueryClient(show);
    const queryFn = vi.fn<() => Promise<never>>(() => Promise.reject(failure(403)));
    holdBootQuery(client, { ...screenOptions, queryFn });
    await settle();
    expect(show).not.toHaveBeenCalled();
    const screen = new QueryObserver(client, { ...screenOptions, queryFn });
    screen.subscribe(() => undefined);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
