import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { createQueryClient } from '../api/queryClient.ts';
import { trpc } from '../api/trpc.ts';
import { authStore } from '../auth/store.ts';
import { renderRouteView, testMember } from './renderRouteView.tsx';
import { preloadScreen } from './RouteView.tsx';

afterEach(() => authStore.clear());

describe('the guarded route view', () => {
  it('sends a visitor opening /admin to the login screen with a redirect query', async () => {
    const location = renderRouteView('/admin');
    expect(await screen.findByRole('button', { name: 'INITIATE' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fadmin');
  });

  it('sends a member opening /admin to login and clears the stored session', async () => {
    authStore.signIn(testMember);
    const location = renderRouteView('/admin');
    await screen.findByRole('button', { name: 'INITIATE' });
    expect(location.history.at(-1)).toBe('/login?redirect=%2Fadmin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows Ground Zero to a subscribed member, with Evolution locked', async () => {
    authStore.signIn(testMember);
    renderRouteView('/gateway/gateway');
    expect(await screen.findByRole('heading', { name: 'Ground Zero' })).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Introduction/ }).getAttribute('href')).toBe('/introduction?type=portal');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it("opens the side menu from its button whether or not the drawer's code is in yet, and gives focus back to that same button", async () => {
    authStore.signIn(testMember);
    renderRouteView('/gateway/gateway');
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

  it("closes the menu when the screen changes under it (the phone's back button), with focus on the new screen", async () => {
    authStore.signIn(testMember);
    const location = renderRouteView('/gateway/gateway');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    act(() => location.navigate('/community'));
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('gives a screen that a later release builds its title and a coming-soon body', async () => {
    authStore.signIn(testMember);
    renderRouteView('/community');
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });

  it('hides the navigation on setup pages', async () => {
    authStore.signIn({ ...testMember, initial_setup: 1, initial_setup_step: 1 });
    const location = renderRouteView('/gateway/gateway');
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
      links: [
        () =>
          ({ op }) =>
            observable((observer) => {
              sent.push(op.path);
              observer.next({ result: { type: 'data', data: { page: { id: 1 } } } });
              observer.complete();
            }),
      ],
    });
    return { queryClient, sent, utils: createTRPCQueryUtils({ queryClient, client }) };
  }

  it("starts the phase runner's phase for a member with a token, and keeps it for the screen", async () => {
    const { queryClient, sent, utils } = bootClients();
    preloadScreen('/user/warrior/general/phase', { token: 'jwt' }, { utils, queryClient });
    expect(sent).toEqual(['warrior.phase']);
    await waitFor(() =>
      expect(queryClient.getQueryData(utils.warrior.phase.queryOptions({ type: 'general' }).queryKey)).toEqual({
        page: { id: 1 },
      }),
    );
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
