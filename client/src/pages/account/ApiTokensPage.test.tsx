import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { observable } from '@trpc/server/observable';
import type { TokenDto } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import ApiTokensPage from './ApiTokensPage.tsx';

const stored: TokenDto = {
  id: 7,
  name: 'Spreadsheet sync',
  abilities: ['read'],
  last_used_at: null,
  expires_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};
const SECRET = `8|${'a'.repeat(40)}`;

/** The screen over a tRPC client whose calls are recorded and answered at once, as the server would. */
function setup(rows: TokenDto[] = [stored]) {
  const calls: { path: string; input: unknown }[] = [];
  const answers: Record<string, (input: unknown) => unknown> = {
    'tokens.list': () => rows,
    'tokens.create': (input) => ({ token: SECRET, data: { ...stored, id: 8, ...(input as object) } }),
    'tokens.revoke': () => ({ message: 'Token revoked.' }),
  };
  const client = trpc.createClient({
    links: [
      () =>
        ({ op }) =>
          observable((observer) => {
            calls.push({ path: op.path, input: op.input });
            observer.next({ result: { type: 'data', data: answers[op.path]!(op.input) } });
            observer.complete();
          }),
    ],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ApiTokensPage />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.input);
  return { sent };
}

afterEach(cleanup);

describe('API Tokens screen', () => {
  it("lists the user's tokens with their abilities and dates", async () => {
    setup();
    const row = (await screen.findByText('Spreadsheet sync')).closest('tr') as HTMLElement;
    expect(within(row).getByText('read')).toBeTruthy();
    expect(within(row).getAllByText('Never')).toHaveLength(2);
    expect(within(row).getByText('20 November 2026')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    setup([]);
    expect(await screen.findByText('You have no tokens.')).toBeTruthy();
  });

  it("shows the shared schema's messages and sends nothing while the form is wrong", async () => {
    const { sent } = setup();
    await screen.findByText('Spreadsheet sync');
    fireEvent.click(screen.getByLabelText('Read: look up your data (GET calls only)'));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Enter a name for the token.')).toBeTruthy();
    expect(screen.getByText('Choose at least one ability.')).toBeTruthy();
    expect(sent('tokens.create')).toEqual([]);
  });

  it('creates a token and shows its secret once, with a Copy button', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { sent } = setup();
    await screen.findByText('Spreadsheet sync');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zapier' } });
    fireEvent.click(screen.getByLabelText('Write: change your data too'));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(sent('tokens.create')).toEqual([{ name: 'Zapier', abilities: ['read', 'write'], expires_at: null }]),
    );
    expect(((await screen.findByLabelText('Token')) as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByText('Copy it now: it is not shown again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('revokes a token once the user confirms', async () => {
    const { sent } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Spreadsheet sync' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Revoke Spreadsheet sync?')).toBeTruthy();
    expect(sent('tokens.revoke')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() => expect(sent('tokens.revoke')).toEqual([{ id: 7 }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
