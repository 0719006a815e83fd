import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

  it('downloads again when the member comes back to a screen whose download failed, without pressing Try again', async () => {
    let online = false;
    const Page = lazyScreen(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>Workout</h1> };
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = (screenName: string, page: ReactNode) => (
      <ScreenBoundary screen={screenName} retry={() => Page.preload()}>
        <Suspense fallback={<p>Loading</p>}>{page}</Suspense>
      </ScreenBoundary>
    );
    const { rerender } = render(view('runner', <Page />));
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();
    rerender(view('gateway', <h1>Gateway</h1>));
    online = true;
    rerender(view('runner', <Page key="again" />));
    expect(await screen.findByRole('heading', { name: 'Workout' })).toBeTruthy();
    logged.mockRestore();
  });

  it('says something went wrong, not to check the connection, when a screen fails while rendering', async () => {
    let broken = true;
    function Page() {
      if (broken) throw new Error('a bug');
      return <h1>Fixed</h1>;
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenBoundary screen="runner" retry={async () => undefined}>
        <Page />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong on this screen' })).toBeTruthy();
    expect(screen.queryByText(/connection/)).toBeNull();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Fixed' })).toBeTruthy();
    logged.mockRestore();
  });

  it('keeps focus on Try again while a retry runs', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyScreen(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    let retries = 0;
    const retry = () => {
      retries += 1;
      return new Promise((resolve, reject) => (finish = (ok) => (ok ? resolve(undefined) : reject(new Error('offline')))));
    };
    render(
      <ScreenBoundary screen="runner" retry={retry}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ScreenBoundary>,
    );
    const button = await screen.findByRole('button', { name: 'Try again' });
    button.focus();
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    // A second press while the first retry runs does not start another.
    fireEvent.click(button);
    expect(retries).toBe(1);
    await act(async () => finish(false));
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-disabled')).toBeNull();
    logged.mockRestore();
  });

  it('ignores a retry that fails after the member moved to another screen', async () => {
    let fail: () => void = () => undefined;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyScreen(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const retry = () => new Promise((_resolve, reject) => (fail = () => reject(new Error('offline'))));
    const { rerender } = render(
      <ScreenBoundary screen="runner" retry={retry}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ScreenBoundary>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    rerender(
      <ScreenBoundary screen="gateway" retry={retry}>
        <h1>Gateway</h1>
      </ScreenBoundary>,
    );
    await act(async () => fail());
    expect(screen.getByRole('heading', { name: 'Gateway' })).toBeTruthy();
    logged.mockRestore();
  });
});
