import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { deferredModule, useDeferredModule } from './deferredModule.ts';

function Part({ module, wanted }: { module: ReturnType<typeof deferredModule<{ text: string }>>; wanted: boolean }) {
  const loaded = useDeferredModule(module, wanted);
  return <p>{loaded ? loaded.text : 'not yet'}</p>;
}

describe('a module loaded after the screen', () => {
  it('is not fetched until wanted, then renders once in', async () => {
    let calls = 0;
    const module = deferredModule(async () => {
      calls += 1;
      return { text: 'menu' };
    });
    const { rerender } = render(<Part module={module} wanted={false} />);
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(calls).toBe(0);
    rerender(<Part module={module} wanted />);
    expect(await screen.findByText('menu')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('renders at once where it is already in', async () => {
    const module = deferredModule(async () => ({ text: 'toaster' }));
    await module.preload();
    render(<Part module={module} wanted={false} />);
    expect(screen.getByText('toaster')).toBeTruthy();
  });

  it('stays out after a failed download (offline), and a later preload tries again', async () => {
    let calls = 0;
    const module = deferredModule(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { text: 'back online' };
    });
    const { rerender } = render(<Part module={module} wanted />);
    await act(async () => {
      await module.preload().catch(() => undefined);
    });
    expect(screen.getByText('not yet')).toBeTruthy();
    await act(async () => {
      await module.preload();
    });
    rerender(<Part module={module} wanted />);
    expect(screen.getByText('back online')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
