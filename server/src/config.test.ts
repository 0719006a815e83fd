import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from './config.ts';

// A fixed secret and VAPID pair: loadConfig then writes no key file into the data folder.
const { vapid } = testConfig();
const configFrom = (env: Record<string, string>) =>
  loadConfig({
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ...env,
  });

describe("the embedded PostgreSQL's port", () => {
  const portFrom = (env: Record<string, string>) => configFrom(env).embeddedPostgresPort;

  it('is the one EMBEDDED_POSTGRES_PORT names', () =>
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '55432' })).toBe(55432));
  it('is left to the default (54330, or a free one) when unset, empty or not a number', () => {
    expect(portFrom({})).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '' })).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: 'five' })).toBeUndefined();
    expect(portFrom({ EMBEDDED_POSTGRES_PORT: '0' })).toBeUndefined();
  });
});

describe('settings that only work within a range', () => {
  it('take their defaults when unset or empty, and a value in range as given', () => {
    expect(configFrom({}).batchRows).toBe(10_000);
    expect(configFrom({ BATCH_ROWS: '' }).batchRows).toBe(10_000);
    expect(configFrom({ BATCH_ROWS: '500', SHUTDOWN_DRAIN_MS: '0' })).toMatchObject({
      batchRows: 500,
      shutdownDrainMs: 0,
    });
    expect(configFrom({ SHUTDOWN_GRACE_MS: '2147483647' }).shutdownGraceMs).toBe(2_147_483_647);
  });

  it('stop the start, naming the setting, when a value could never work', () => {
    // A batch of 0 rows never ends; a message page of 0 never finishes a broadcast.
    expect(() => configFrom({ BATCH_ROWS: '0' })).toThrow(
      'BATCH_ROWS must be a whole number from 1 to 1000000, not 0.',
    );
    expect(() => configFrom({ MESSAGE_DELIVERY_PAGE: '0' })).toThrow('MESSAGE_DELIVERY_PAGE must be a whole number');
    // A timer past 24.8 days fires after 1 ms; a media size past a PostgreSQL integer cannot be stored.
    expect(() => configFrom({ SHUTDOWN_GRACE_MS: '2147483648' })).toThrow('SHUTDOWN_GRACE_MS');
    expect(() => configFrom({ UPLOAD_TIMEOUT_MS: '99999999999' })).toThrow('UPLOAD_TIMEOUT_MS');
    expect(() => configFrom({ MEDIA_VIDEO_MAX_BYTES: '3000000000' })).toThrow('MEDIA_VIDEO_MAX_BYTES');
    expect(() => configFrom({ REQUEST_TIMEOUT_MS: 'thirty' })).toThrow('REQUEST_TIMEOUT_MS');
  });
});
