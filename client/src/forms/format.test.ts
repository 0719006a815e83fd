import { afterEach, describe, expect, it, vi } from 'vitest';

// The formatters take the time zone when the module loads: each test loads it afresh under the zone it sets.
async function formatIn(timeZone: string) {
  vi.stubEnv('TZ', timeZone);
  vi.resetModules();
  return import('./format.ts');
}

describe('formatDate', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('shows a date alone (a birthday, a PAR-Q) as that very day, west and east of Greenwich', async () => {
    expect((await formatIn('America/New_York')).formatDate('1990-07-12')).toBe('12 July 1990');
    expect((await formatIn('Asia/Tokyo')).formatDate('1990-07-12')).toBe('12 July 1990');
  });

  it('shows a moment on the viewer’s own calendar', async () => {
    expect((await formatIn('America/New_York')).formatDate('2026-07-13T02:00:00Z')).toBe('12 July 2026');
    expect((await formatIn('Europe/London')).formatDate('2026-07-12T23:30:00Z')).toBe('13 July 2026');
  });

  it('answers null for nothing or something unreadable', async () => {
    const { formatDate } = await formatIn('UTC');
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});
