import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazyScreen.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';

describe('a screen whose code cannot be downloaded', () => {
  it('says so in place of the app going blank, and shows the screen once a retry downloads it', async () => {
    let online = false;
    const Page = lazyScreen(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>Workout</h1> };
    });
    // React logs the caught error; the test is about what the member sees.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenBoundary screen="runner" retry={() => Page.preload()}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ScreenBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();

    // Still offline: the message stays.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Workout' })).toBeNull();

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Workout' })).toBeTruthy();
    logged.mockRestore();
  });
});
