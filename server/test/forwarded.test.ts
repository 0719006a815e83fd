import { describe, expect, it } from 'vitest';
import { newMember, rest } from './helpers/api.ts';
import { useTestApp } from './helpers/database.ts';

// Behind a proxy on the private network that appends to X-Forwarded-For (TRUST_PROXY=uniquelocal).
const ctx = useTestApp({ trustProxy: 'uniquelocal' });

describe('the sign-in throttle behind a proxy', () => {
  it('counts the address the proxy saw, whatever a client writes first in X-Forwarded-For or however it spells the email', async () => {
    const member = newMember();
    await rest(ctx.app, 'POST', '/api/register', { body: member });
    const spellings = [
      member.email,
      ` ${member.email.toUpperCase()} `,
      member.email.toUpperCase(),
      ` ${member.email}`,
      member.email,
    ];
    for (const [i, email] of spellings.entries()) {
      // The proxy (10.0.0.5) appends the real client (203.0.113.9) after whatever the client sent.
      const res = await rest(ctx.app, 'POST', '/api/login', {
        body: { email, password: 'nope-nope' },
        ip: '10.0.0.5',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
      });
      expect(res.status).toBe(422);
    }
    const sixth = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: member.email, password: member.password },
      ip: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.77, 203.0.113.9' },
    });
    expect(sixth.status).toBe(429);
    // Another client behind the same proxy is not held back.
    const other = await rest(ctx.app, 'POST', '/api/login', {
      body: { email: member.email, password: member.password },
      ip: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.status).toBe(200);
  });
});
