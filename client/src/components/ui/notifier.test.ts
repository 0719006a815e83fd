import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss, notify, screenChanged, useNotices } from './notifier.ts';
import { renderHook } from '@testing-library/react';

const shown = () => renderHook(() => useNotices()).result.current.map((n) => n.message);
const go = (path: string) => {
  location.hash = `#${path}`;
  dispatchEvent(new HashChangeEvent('hashchange'));
};

afterEach(() => {
  for (const id of renderHook(() => useNotices()).result.current.map((n) => n.id)) dismiss(id);
  location.hash = '';
});

describe('notices belong to the screen that raised them', () => {
  it('drops an error when the screen changes and lets a success travel to the next screen', () => {
    go('/admin/user/create');
    notify({ message: 'The email has already been taken.', variant: 'danger' });
    notify({ message: 'User created.', variant: 'success' });
    go('/admin/user/7/edit');
    expect(shown()).toEqual(['User created.']);
  });

  it('lets a success travel one screen only, not on to the screens after', () => {
    vi.useFakeTimers();
    try {
      go('/admin/user/create');
      notify({ message: 'User created.', variant: 'success' });
      go('/admin/user/7/edit');
      vi.advanceTimersByTime(1500);
      go('/admin/user_management');
      expect(shown()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps notices when only the query changes (a list page)', () => {
    go('/admin/user_management?page=1');
    notify({ message: 'Not found.', variant: 'danger' });
    go('/admin/user_management?page=2');
    expect(shown()).toEqual(['Not found.']);
  });

  it('keeps a notice raised by the new screen and one marked to travel', () => {
    go('/a');
    notify({ message: 'Carry me', variant: 'warning', travels: true });
    go('/b');
    notify({ message: 'Mine', variant: 'danger' });
    screenChanged();
    expect(shown()).toEqual(['Carry me', 'Mine']);
  });

  it('does not show the same error twice while it is on screen', () => {
    const first = notify({ message: 'The data could not be found.', variant: 'danger' });
    const again = notify({ message: 'The data could not be found.', variant: 'danger' });
    expect(again).toBe(first);
    expect(shown()).toEqual(['The data could not be found.']);
  });
});
