import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { notify } from './notifier.ts';
import { Toaster } from './Toaster.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows a danger notice, announces it, and removes it after its duration', () => {
    render(<Toaster />);
    act(() => {
      notify({ message: 'First line\nSecond line', variant: 'danger', duration: 3000 });
    });
    const message = screen.getAllByText(/First line/)[0] as HTMLElement;
    expect(message.closest('.toast')?.className).toContain('toast--danger');
    // Radix announces the toast through an aria-live region.
    expect(document.querySelector('[aria-live="assertive"]')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(document.querySelector('.toast')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('keeps the default notice 2.5 s', () => {
    render(<Toaster />);
    act(() => {
      notify({ message: 'Saved', variant: 'success' });
    });
    expect(document.querySelector('.toast--success')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2400);
    });
    expect(document.querySelector('.toast--success')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(document.querySelector('.toast--success')).toBeNull();
  });
});
