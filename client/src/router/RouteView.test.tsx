import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResponse } from '@evolution/shared';
import { createQueryClient } from '../api/queryClient.ts';
import { createTrpcClient, trpc } from '../api/trpc.ts';
import { authStore } from '../auth/store.ts';
import { preloadScreen, RouteView } from './RouteView.tsx';

const memberResponse: LoginResponse = {
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

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
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
  return location;
}

afterEach(() => authStore.clear());

describe('the guarded route view', () => {
  it('sends a visitor opening /admin to the login screen with a redirect query', async () => {
    const location = renderAt('/admin');
    expect(await screen.findByRole('button', { name: 'INITIATE' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fadmin');
  });

  it('sends a member opening /admin to login and clears the stored session', async () => {
    authStore.signIn(memberResponse);
    const location = renderAt('/admin');
    await screen.findByRole('button', { name: 'INITIATE' });
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fadmin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows Ground Zero to a subscribed member, with Evolution locked', async () => {
    authStore.signIn(memberResponse);
    renderAt('/gateway/gateway');
    expect(await screen.findByRole('heading', { name: 'Ground Zero' })).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Introduction/ }).getAttribute('href')).toBe('/introduction?type=portal');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('opens the side menu from its button whether or not the drawer\'s code is in yet, and gives focus back to that same button', async () => {
    authStore.signIn(memberResponse);
    renderAt('/gateway/gateway');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    button.focus();
    fireEvent.click(button);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button was not replaced when the drawer's code arrived: focus is back on the element first pressed.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));

    // With the code in, the menu opens at once; picking an entry moves focus to the new screen.
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Messages' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('gives a screen that a later release builds its title and a coming-soon body', async () => {
    authStore.signIn(memberResponse);
    renderAt('/community');
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });

  it('hides the navigation on setup pages', async () => {
    authStore.signIn({ ...memberResponse, initial_setup: 1, initial_setup_step: 1 });
    const location = renderAt('/gateway/gateway');
    await waitFor(() => expect(location.history.at(-1)).toBe('/setup/par-q'));
    expect(await screen.findByRole('heading', { name: 'Readiness Questionnaire' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});

describe('the first screen at boot', () => {
  /** A tRPC client whose every call is recorded and answered at once, as the batch link would send them. */
  function bootClients() {
    const queryClient = createQueryClient(() => undefined);
    const sent: string[] = [];
    const client = trpc.createClient({
      links: [() => ({ op }) => observable((observer) => {
        sent.push(op.path);
        observer.next({ result: { type: 'data', data: { page: { id: 1 } } } });
        observer.complete();
      })],
    });
    return { queryClient, sent, utils: createTRPCQueryUtils({ queryClient, client }) };
  }

  it('starts the phase runner\'s phase for a member with a token, and keeps it for the screen', async () => {
    const { queryClient, sent, utils } = bootClients();
    preloadScreen('/user/warrior/general/phase', { token: 'jwt' }, { utils, queryClient });
    expect(sent).toEqual(['warrior.phase']);
    await waitFor(() => expect(queryClient.getQueryData(utils.warrior.phase.queryOptions({ type: 'general' }).queryKey)).toEqual({ page: { id: 1 } }));
  });

  it('asks nothing for a visitor without a token, nor for a track that does not exist', () => {
    const { queryClient, sent, utils } = bootClients();
    preloadScreen('/user/warrior/general/phase', { token: null }, { utils, queryClient });
    preloadScreen('/user/warrior/nonsense/phase', { token: 'jwt' }, { utils, queryClient });
    preloadScreen('/gateway/gateway', { token: 'jwt' }, { utils, queryClient });
    expect(sent).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
