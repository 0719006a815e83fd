import { describe, expect, it } from 'vitest';
import { asDomainError, laravelMessage, UNAVAILABLE_MESSAGE, validationError } from './errors.ts';

describe('laravelMessage', () => {
  it('is the only message when there is one', () => {
    expect(laravelMessage({ email: ['Incorrect format'] })).toBe('Incorrect format');
  });
  it('counts the other messages, singular and plural, across fields', () => {
    expect(laravelMessage({ email: ['A'], name: ['B'] })).toBe('A (and 1 more error)');
    expect(laravelMessage({ email: ['A', 'B'], name: ['C'] })).toBe('A (and 2 more errors)');
  });
  it('gives a 422 with one field error', () => {
    const e = validationError('email', 'taken');
    expect([e.status, e.fieldErrors]).toEqual([422, { email: ['taken'] }]);
  });
});

describe('a lost database is a 503, anything else stays a 500', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
  it.each([
    ['the server shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection exception class (08006)', pgError('08006', 'connection failure')],
    ['a starting database (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped cause', new Error('query failed', { cause: pgError('ECONNRESET', 'read ECONNRESET') })],
  ])('%s', (_, err) => {
    const domain = asDomainError(err);
    expect([domain?.status, domain?.message, domain?.headers]).toEqual([
      503,
      UNAVAILABLE_MESSAGE,
      { 'retry-after': '5' },
    ]);
  });
  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "select"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s', (_, err) => expect(asDomainError(err)).toBeNull());
  it('keeps a domain error as it is', () => {
    const e = validationError('email', 'taken');
    expect(asDomainError(e)).toBe(e);
  });
});
