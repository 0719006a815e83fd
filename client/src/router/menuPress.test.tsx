import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { authStore } from '../auth/store.ts';
import { renderRouteView, testMember } from './renderRouteView.tsx';

// Its own file: the drawer's code must not be in yet when the menu is first pressed.
afterEach(() => authStore.clear());

describe("a menu press before the drawer's code is in", () => {
  it('shows the button busy, and is forgotten when the member moves to another screen meanwhile', async () => {
    authStore.signIn(testMember);
    const location = renderRouteView('/gateway/gateway');
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
