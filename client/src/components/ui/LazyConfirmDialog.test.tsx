import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyConfirmDialog } from './LazyConfirmDialog.tsx';

describe('a question the screen only sometimes asks', () => {
  it('renders nothing (and loads no dialog code) until it is first asked, then asks it', async () => {
    const onConfirm = vi.fn<() => void>();
    const onOpenChange = vi.fn<(open: boolean) => void>();
    const props = { title: 'YOU SURE?', text: 'The timer goes back to zero.', onConfirm, onOpenChange };
    const { rerender, container } = render(<LazyConfirmDialog open={false} {...props} />);
    expect(container.innerHTML).toBe('');
    rerender(<LazyConfirmDialog open {...props} />);
    expect(await screen.findByRole('alertdialog', { name: 'YOU SURE?' })).toBeTruthy();
  });
});
