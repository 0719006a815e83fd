import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyScreen, ScreenLoadError } from './lazyScreen.ts';

/** Renders `node` under a Suspense boundary and records whether its fallback was ever rendered. */
function renderRecordingFallback(node: React.ReactNode) {
  const seen = { fallback: false };
  function Fallback() {
    seen.fallback = true;
    return <p>Loading</p>;
  }
  render(<Suspense fallback={<Fallback />}>{node}</Suspense>);
  return seen;
}

describe('a lazily loaded screen', () => {
  it('renders at once, without a Suspense fallback, once its chunk is in', async () => {
    const Page = lazyScreen(async () => ({ default: ({ name }: { name: string }) => <h1>Hello {name}</h1> }));
    expect(Page.loaded()).toBe(false);
    await Page.preload();
    expect(Page.loaded()).toBe(true);
    const seen = renderRecordingFallback(<Page name="Ada" />);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(seen.fallback).toBe(false);
  });

  it('goes through Suspense when it renders before its chunk is in', async () => {
    const Page = lazyScreen(async () => ({ default: () => <h1>Late</h1> }));
    const seen = renderRecordingFallback(<Page />);
    expect(await screen.findByRole('heading', { name: 'Late' })).toBeTruthy();
    expect(seen.fallback).toBe(true);
  });

  it('downloads once, and again after a failed download', async () => {
    let calls = 0;
    const Page = lazyScreen(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { default: () => <h1>Back</h1> };
    });
    await expect(Page.preload()).rejects.toBeInstanceOf(ScreenLoadError);
    expect(Page.loaded()).toBe(false);
    await Page.preload();
    await Page.preload();
    expect(calls).toBe(2);
    expect(Page.loaded()).toBe(true);
  });
});
