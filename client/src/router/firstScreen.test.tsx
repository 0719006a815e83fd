import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { authStore } from '../auth/store.ts';
import { renderRouteView, testMember } from './renderRouteView.tsx';

// Its own file: only the app's first screen waits for its code under the splash (module state says one was shown).
afterEach(() => authStore.clear());

describe('the first screen', () => {
  it('replaces the splash with the whole screen, never a Suspense spinner (after which React holds the screen back 300 ms)', async () => {
    authStore.signIn(testMember);
    const spinners: string[] = [];
    const watch = new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) spinners.push(el.textContent ?? '');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderRouteView('/gateway/gateway');
    expect(await screen.findByRole('heading', { name: 'Ground Zero' })).toBeTruthy();
    watch.disconnect();
    expect(spinners.length).toBeGreaterThan(0);
    expect(new Set(spinners)).toEqual(new Set(['Loading your session']));
  });
});
