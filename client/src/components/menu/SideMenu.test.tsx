import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SideMenu } from './SideMenu.tsx';

function setup({ accountMenu = true } = {}) {
  const location = memoryLocation({ path: '/gateway/gateway', record: true });
  const goBack = vi.fn<() => void>();
  const onOpenChange = vi.fn<(open: boolean) => void>();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <Router hook={location.hook}>
        <button type="button" onClick={() => setOpen(true)}>
          Open menu
        </button>
        <SideMenu
          open={open}
          onOpenChange={(o) => {
            onOpenChange(o);
            setOpen(o);
          }}
          accountMenu={accountMenu}
          goBack={goBack}
        />
      </Router>
    );
  }
  render(<Harness />);
  const menu = () => screen.queryByRole('dialog');
  const items = () =>
    [...screen.getByRole('navigation').querySelectorAll('a, button')].map((el) => el.textContent?.trim());
  return { location, goBack, onOpenChange, menu, items };
}

const MAIN = ['Ground Zero', 'Messages', 'Account Settings', 'Upgrade', 'Change Password', 'Log out'];
const ACCOUNT = [
  'Contact Information',
  'Channel Subscription',
  'Calibration Results',
  'Assistance Flags',
  'Work Volume Analysis',
  'Notifications',
  'Your Data',
  'API Tokens',
];

describe('side menu', () => {
  it('shows the main menu, without the hidden Evolution entry', () => {
    const { items, menu } = setup();
    expect(within(menu() as HTMLElement).getByRole('heading', { name: 'Menu' })).toBeTruthy();
    expect(items()).toEqual(MAIN);
  });

  it('opens the Account Settings submenu, without the disabled Macro Data entry', () => {
    const { items, menu } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Account Settings' }));
    expect(within(menu() as HTMLElement).getByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(items()).toEqual(ACCOUNT);
    expect(document.activeElement?.textContent).toBe('Contact Information');
  });

  it('Back in the submenu returns to the main menu and keeps the menu open', () => {
    const { items, goBack, menu } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Account Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(items()).toEqual(MAIN);
    expect(menu()).not.toBeNull();
    expect(goBack).not.toHaveBeenCalled();
  });

  it('Back in the main menu goes to the previous page and closes the menu', () => {
    const { goBack, onOpenChange, menu } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(goBack).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(menu()).toBeNull();
  });

  it('an entry navigates and closes the menu', () => {
    const { location, menu } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Account Settings' }));
    fireEvent.click(screen.getByRole('link', { name: 'Contact Information' }));
    expect(location.history.at(-1)).toBe('/with_menu/contact_information');
    expect(menu()).toBeNull();
  });

  it('reopens at the main menu', () => {
    const { items } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Account Settings' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(items()).toEqual(MAIN);
  });

  it('has no Account Settings on the upgrade menu', () => {
    const { items } = setup({ accountMenu: false });
    expect(items()).toEqual(['Ground Zero', 'Messages', 'Upgrade', 'Change Password', 'Log out']);
  });

  it('marks the current page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Ground Zero' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('side menu counts', () => {
  it('shows a count beside an entry and reads it out with its label', () => {
    const location = memoryLocation({ path: '/gateway/gateway' });
    render(
      <Router hook={location.hook}>
        <SideMenu open onOpenChange={() => undefined} counts={{ messages: { count: 2, label: '2 unread messages' } }} />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Messages, 2 unread messages' });
    expect(link.getAttribute('href')).toContain('/with_menu/messages');
    expect(link.querySelector('.unread-count')?.textContent).toContain('2');
  });
});
