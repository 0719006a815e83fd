import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResponse } from '@evolution/shared';
import { createQueryClient } from '../api/queryClient.ts';
import { createTrpcClient, trpc } from '../api/trpc.ts';
import { authStore } from '../auth/store.ts';
import { RouteView } from './RouteView.tsx';

// Its own file: only the app's first screen waits for its code under the splash (module state says one was shown).
const member: LoginResponse = {
  access_token: 'jwt', user_role: 1, user_id: 3, name: 'Ada', email: 'ada@example.com', initial_setup: 0, initial_setup_step: 3,
  access: { evolution_page: false },
  subscription: { active: true, channel: { id: 1, name: 'Warrior', short_name: 'warrior' }, plan: { plan_id: 1 }, status: 'active', current_period_end: null, cancel_at_period_end: false },
  evolution_id: 1, evolution: 1, version: 1, phase: 1, need_calibration: true,
};

afterEach(() => authStore.clear());

describe('the first screen', () => {
  it('replaces the splash with the whole screen, never a Suspense spinner (after which React holds the screen back 300 ms)', async () => {
    authStore.signIn(member);
    const spinners: string[] = [];
    const watch = new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) spinners.push(el.textContent ?? '');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    const location = memoryLocation({ path: '/gateway/gateway' });
    const queryClient = createQueryClient(() => undefined);
    render(
      <trpc.Provider client={createTrpcClient('http://127.0.0.1:9/trpc')} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <RouteView />
          </Router>
        </QueryClientProvider>
      </trpc.Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Ground Zero' })).toBeTruthy();
    watch.disconnect();
    expect(spinners.length).toBeGreaterThan(0);
    expect(new Set(spinners)).toEqual(new Set(['Loading your session']));
  });
});
