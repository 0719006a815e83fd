import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazyScreen.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';

/** A screen whose code downloads only while `online()` says so. */
const workoutScreen = (online: () => boolean) =>
  lazyScreen(async () => {
    if (!online()) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: () => <h1>Workout</h1> };
  });

// React logs each caught error; the tests are about what the member sees.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('a screen whose code cannot be downloaded', () => {
  it('says so in place of the app going blank, and shows the screen once a retry downloads it', async () => {
    let online = false;
    const Page = workoutScreen(() => online);
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
  });

  it('downloads again when the member comes back to a screen whose download failed, without pressing Try again', async () => {
    let online = false;
    const Page = workoutScreen(() => online);
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
  });

  it('says something went wrong, not to check the connection, when a screen fails while rendering', async () => {
    let broken = true;
    function Page() {
      if (broken) throw new Error('a bug');
      return <h1>Fixed</h1>;
    }
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
  });

  it('keeps focus on Try again while a retry runs', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const Page = workoutScreen(() => false);
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
  });

  it('ignores a retry that fails after the member moved to another screen', async () => {
    let fail: () => void = () => undefined;
    const Page = workoutScreen(() => false);
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
  });
});
