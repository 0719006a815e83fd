import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from './config.ts';

describe("the embedded PostgreSQL's port", () => {
  // A fixed secret and VAPID pair: loadConfig then writes no key file into the data folder.
  const { vapid } = testConfig();
  const portFrom = (env: Record<string, string>) =>
    loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...env,
    }).embeddedPostgresPort;

  it('is the one EMBEDDED_POSTGRES_PORT names', () =>
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '55432' })).toBe(55432));
  it('is left to the default (54330, or a free one) when unset, empty or not a number', () => {
    expect(portFrom({})).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '' })).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: 'five' })).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '0' })).toBeUndefined();
  });
});
