import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazyScreen.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';

// React logs each caught error; the tests are about what the member sees.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('a screen that cannot be shown', () => {
  it('whose code cannot be downloaded says so in place of the app going blank, and offers to reload', async () => {
    const Page = lazyScreen<() => React.ReactNode>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const reload = vi.fn<() => void>();
    render(
      <ScreenBoundary screen="runner" reload={reload}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ScreenBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Check your connection, then reload.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('that fails while rendering says something went wrong, not to check the connection; Try again renders it again', async () => {
    let broken = true;
    function Page() {
      if (broken) throw new Error('a bug');
      return <h1>Fixed</h1>;
    }
    render(
      <ScreenBoundary screen="runner">
        <Page />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong on this screen' })).toBeTruthy();
    expect(screen.queryByText(/connection/)).toBeNull();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Fixed' })).toBeTruthy();
  });

  it('is forgotten when the member moves to another screen', () => {
    function Broken(): React.ReactNode {
      throw new Error('a bug');
    }
    const { rerender } = render(
      <ScreenBoundary screen="runner">
        <Broken />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong on this screen' })).toBeTruthy();
    rerender(
      <ScreenBoundary screen="gateway">
        <h1>Gateway</h1>
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Gateway' })).toBeTruthy();
  });
});
