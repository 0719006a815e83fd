import { describe, expect, it } from 'vitest';
import { chosenExpiryDay, tokenCreateInput } from './tokens.ts';

describe('a token expiry chosen as a day', () => {
  it('is kept as that day’s last moment, UTC, and read back as the day itself', () => {
    const parsed = tokenCreateInput.parse({ name: 'Zapier', abilities: ['read'], expires_at: '2099-07-12' });
    expect(parsed.expires_at?.toISOString()).toBe('2099-07-12T23:59:59.999Z');
    expect(chosenExpiryDay(parsed.expires_at!.toISOString())).toBe('2099-07-12');
  });

  it('is not read into an API client’s own date-time', () =>
    expect(chosenExpiryDay('2099-07-12T18:00:00.000Z')).toBeNull());
});
