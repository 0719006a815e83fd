import { describe, expect, it } from 'vitest';
import { throttleAddress } from './rateLimit.ts';

describe('the address a throttle counts under', () => {
  it('is an IPv4 address as it is, also when it arrives IPv4-mapped', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    expect(throttleAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0DB8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('is whatever else it is given, unchanged (an empty address from a test injection)', () => {
    expect(throttleAddress('')).toBe('');
    expect(throttleAddress('not an address')).toBe('not an address');
  });
});
