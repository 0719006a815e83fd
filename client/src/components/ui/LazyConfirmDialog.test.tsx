import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyConfirmDialog } from './LazyConfirmDialog.tsx';

// The dialog's chunk cannot be downloaded (a phone gone offline mid-workout).
vi.mock('./Modal.tsx', () => Promise.reject(new Error('Failed to fetch dynamically imported module')));

// React reports the error its boundary caught; the test is about what the member sees.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('a question whose dialog cannot be downloaded', () => {
  it('is asked with the browser\'s own confirm instead of breaking the screen', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onConfirm = vi.fn<() => void>();
    const onOpenChange = vi.fn<(open: boolean) => void>();
    const props = { title: 'YOU SURE?', text: 'The timer goes back to zero.', onConfirm, onOpenChange };
    const { rerender, container } = render(<LazyConfirmDialog open={false} {...props} />);
    expect(container.innerHTML).toBe('');
    rerender(<LazyConfirmDialog open {...props} />);
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith('YOU SURE?\n\nThe timer goes back to zero.'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes when the member declines', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onConfirm = vi.fn<() => void>();
    const onOpenChange = vi.fn<(open: boolean) => void>();
    render(<LazyConfirmDialog open title="Skip the test?" text="Nothing is recorded." onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
