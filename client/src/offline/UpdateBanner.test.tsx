import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

// The waiting version lives in module state: each test starts from a page load with no new version yet.
let offline: {
  offerUpdate: typeof import('./update.ts').offerUpdate;
  UpdateBanner: typeof import('./UpdateBanner.tsx').UpdateBanner;
};
beforeEach(async () => {
  vi.resetModules();
  offline = { ...(await import('./update.ts')), ...(await import('./UpdateBanner.tsx')) };
});

function setup() {
  const location = memoryLocation({ path: '/user/warrior/calibration/phase' });
  const { UpdateBanner } = offline;
  render(
    <Router hook={location.hook}>
      <UpdateBanner />
    </Router>,
  );
  const activate = vi.fn<() => Promise<void>>(() => Promise.resolve());
  return { location, activate, banner: () => screen.queryByRole('status') };
}

describe('the new version banner', () => {
  it('stays hidden until a new version waits, then offers it', () => {
    const { activate, banner } = setup();
    expect(banner()).toBeNull();
    act(() => offline.offerUpdate(activate));
    expect(banner()?.textContent).toBe('A new version is readyReload');
    // Not taken under the screen in use.
    expect(activate).not.toHaveBeenCalled();
  });

  it('Reload takes the waiting version', () => {
    const { activate } = setup();
    act(() => offline.offerUpdate(activate));
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('the next move to another screen takes it, so the reload lands there', () => {
    const { activate, location } = setup();
    act(() => offline.offerUpdate(activate));
    act(() => location.navigate('/user/warrior/calibration'));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
