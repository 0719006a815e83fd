import { describe, expect, it, vi } from 'vitest';
import type { Notice } from '../components/ui/notifier.ts';
import { createQueryClient } from './queryClient.ts';

const failure = (httpStatus: number, message = 'nope') =>
  Object.assign(new Error(message), { data: { httpStatus, errors: null } });

describe('every call goes through the error catalogue', () => {
  it("shows a failed query's notice", async () => {
    const show = vi.fn<(n: Notice) => void>();
    const client = createQueryClient(show);
    await expect(client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure(404)) })).rejects.toThrow(
      'nope',
    );
    expect(show).toHaveBeenCalledWith({
      message: '(404) Your request could not be identified, please verify submitted data',
      variant: 'danger',
      duration: 3000,
    });
  });

  it("shows a failed mutation's notice, once (no retries)", async () => {
    const show = vi.fn<(n: Notice) => void>();
    const client = createQueryClient(show);
    const mutationFn = vi.fn<() => Promise<never>>(() => Promise.reject(failure(500)));
    const mutation = client.getMutationCache().build(client, { mutationFn });
    await expect(mutation.execute(undefined)).rejects.toThrow('nope');
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0].message).toBe('(500) There was internal error. Please contact our support team');
  });

  it('stays silent for statuses outside the catalogue and for calls that opt out', async () => {
    const show = vi.fn<(n: Notice) => void>();
    const client = createQueryClient(show);
    await expect(client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(failure(429)) })).rejects.toThrow(
      'nope',
    );
    const silent = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failure(401)), meta: { silentErrors: true } });
    await expect(silent.execute(undefined)).rejects.toThrow('nope');
    expect(show).not.toHaveBeenCalled();
  });

  it('says nothing of a 401 that ended the session (the login screen says it)', async () => {
    const show = vi.fn<(n: Notice) => void>();
    const client = createQueryClient(show, () => true);
    await expect(client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(failure(401)) })).rejects.toThrow(
      'nope',
    );
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(failure(401)) });
    await expect(mutation.execute(undefined)).rejects.toThrow('nope');
    expect(show).not.toHaveBeenCalled();
    // No session behind it: the catalogue's text, as before.
    const visitor = createQueryClient(show, () => false);
    await expect(visitor.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure(401)) })).rejects.toThrow(
      'nope',
    );
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'You are unauthorized to use this feature' }));
  });
});
