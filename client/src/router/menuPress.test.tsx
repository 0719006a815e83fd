import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResponse } from '@evolution/shared';
import { createQueryClient } from '../api/queryClient.ts';
import { createTrpcClient, trpc } from '../api/trpc.ts';
import { authStore } from '../auth/store.ts';
import { RouteView } from './RouteView.tsx';

// Its own file: the drawer's code must not be in yet when the menu is first pressed.
const member: LoginResponse = {
  access_token: 'jwt',
  user_role: 1,
  user_id: 3,
  name: 'Ada',
  email: 'ada@example.com',
  initial_setup: 0,
  initial_setup_step: 3,
  access: { evolution_page: false },
  subscription: { active: true, channel: { id: 1, name: 'Warrior', short_name: 'warrior' }, plan: { plan_id: 1 }, status: 'active', current_period_end: null, cancel_at_period_end: false },
  evolution_id: 1,
  evolution: 1,
  version: 1,
  phase: 1,
  need_calibration: true,
};

afterEach(() => authStore.clear());

describe('a menu press before the drawer\'s code is in', () => {
  it('shows the button busy, and is forgotten when the member moves to another screen meanwhile', async () => {
    authStore.signIn(member);
    const location = memoryLocation({ path: '/gateway/gateway', record: true });
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
    const button = await screen.findByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');

    act(() => location.navigate('/community'));
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    // The drawer's code arrives after the move: it does not pop open on the new screen.
    await import('../components/menu/SideMenu.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    const again = screen.getByRole('button', { name: 'Open menu' });
    expect(again.getAttribute('aria-busy')).toBeNull();
    expect(again.getAttribute('aria-expanded')).toBe('false');

    // A press on this screen opens it.
    fireEvent.click(again);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});
