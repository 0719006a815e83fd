import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../auth/store.ts';
import { renderRouteView, testMember } from './renderRouteView.tsx';

// The drawer's code arrives only when the test lets it, as on a slow phone: however quickly the machine runs the test,
// the first press is made before it is in.
const drawer = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('../components/menu/SideMenu.tsx', async (original) => {
  await drawer.arrived;
  return original();
});

afterEach(() => authStore.clear());

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });

describe("a menu press before the drawer's code is in", () => {
  it('shows the button busy, and is forgotten when the member moves to another screen meanwhile', async () => {
    authStore.signIn(testMember);
    // A screen that stays put: the gateway sends a one-channel member on, and a press on the screen it leaves is lost.
    const location = renderRouteView('/warrior/ground-zero');
    await screen.findByRole('heading', { name: 'Ground Zero' });
    fireEvent.click(menuButton());
    await waitFor(() => expect(menuButton().getAttribute('aria-busy')).toBe('true'));

    act(() => location.navigate('/community'));
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    // The drawer's code arrives after the move: it does not pop open on the new screen.
    drawer.arrive();
    await import('../components/menu/SideMenu.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton().getAttribute('aria-busy')).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');

    // A press on this screen opens it.
    fireEvent.click(menuButton());
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});
