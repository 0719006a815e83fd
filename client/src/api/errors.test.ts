import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { apiErrorNotice, fieldErrors } from './errors.ts';

const failure = (httpStatus: number, message = 'Server says no', errors: Record<string, string[]> | null = null) =>
  Object.assign(new Error(message), { data: { code: 'X', httpStatus, path: 'x', errors } });

describe('the error catalogue (spec section 8)', () => {
  it("422: the errors object's messages joined by line breaks, a 3 s danger notice", () => {
    const error = failure(422, 'The email is required. (and 2 more errors)', {
      email: ['This is a required field', 'Incorrect format'],
      confirm_password: ['Passwords do not match'],
    });
    expect(apiErrorNotice(error)).toEqual({
      message: 'This is a required field\nIncorrect format\nPasswords do not match',
      variant: 'danger',
      duration: 3000,
    });
  });

  it('422 without an errors object falls back to the server message', () =>
    expect(apiErrorNotice(failure(422, 'The given data was invalid.'))?.message).toBe('The given data was invalid.'));

  it("400: the server's message", () =>
    expect(apiErrorNotice(failure(400, 'You already have this plan.'))).toEqual({
      message: 'You already have this plan.',
      variant: 'danger',
      duration: 3000,
    }));

  it.each([
    [401, 'You are unauthorized to use this feature'],
    [403, 'You are forbidden to use this feature'],
    [404, '(404) Your request could not be identified, please verify submitted data'],
    [500, '(500) There was internal error. Please contact our support team'],
  ])('%i: the catalogue text', (status, text) =>
    expect(apiErrorNotice(failure(status, 'Unauthenticated.'))).toEqual({
      message: text,
      variant: 'danger',
      duration: 3000,
    }),
  );

  it.each([402, 409, 429, 502, 503])('%i passes silently', (status) =>
    expect(apiErrorNotice(failure(status))).toBeNull(),
  );

  it('a network failure with no status passes silently', () =>
    expect(apiErrorNotice(new TypeError('Failed to fetch'))).toBeNull());

  it('reads a real tRPC client error', () => {
    const error = new TRPCClientError('Unauthenticated.', {
      result: { error: { code: -32001, message: 'Unauthenticated.', data: { httpStatus: 401, code: 'UNAUTHORIZED' } } },
    });
    expect(apiErrorNotice(error)?.message).toBe('You are unauthorized to use this feature');
  });
});

describe('fieldErrors', () => {
  it('gives the first message per field of a 422', () =>
    expect(fieldErrors(failure(422, 'x', { email: ['The email has already been taken.', 'second'] }))).toEqual({
      email: 'The email has already been taken.',
    }));
  it('is empty for other statuses', () => expect(fieldErrors(failure(400, 'x', { email: ['no'] }))).toEqual({}));
});
