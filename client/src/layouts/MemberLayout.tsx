import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Brand } from '../components/Brand.tsx';
import { MenuIcon } from '../components/ui/icons.tsx';
import { useAuth } from '../auth/store.ts';
import { unreadLabel, useUnreadMessages } from '../pages/messages/unread.ts';
import { skipToMain } from './PublicLayout.tsx';

// The drawer (Radix dialog, focus trap, scroll lock) follows the first paint; a press on its button before then opens it once loaded.
const SideMenu = lazy(async () => ({ default: (await import('../components/menu/SideMenu.tsx')).SideMenu }));

/** Members' screens: a top bar with the side menu, unless the screen hides navigation (setup, phase runner). */
export function MemberLayout({ children, hideNav, accountMenu }: { children: ReactNode; hideNav: boolean; accountMenu: boolean }) {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  // The unread count shows on the menu button, where a member notices it, and beside Messages in the menu.
  const unread = useUnreadMessages(!hideNav);
  const menuButton = (onClick?: () => void) => (
    <button type="button" className="icon-button" onClick={onClick} aria-label={unread ? `Open menu, ${unreadLabel(unread)}` : 'Open menu'}>
      <MenuIcon />
      {unread > 0 && (
        <span className="unread-count" aria-hidden="true">
          {unread}
        </span>
      )}
    </button>
  );
  return (
    <div className="shell shell--member">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <header className={hideNav ? 'topbar topbar--bare' : 'topbar'}>
        {!hideNav && (
          <Suspense fallback={menuButton(() => setOpen(true))}>
            <SideMenu
              open={open}
              onOpenChange={setOpen}
              accountMenu={accountMenu}
              counts={{ messages: { count: unread, label: unreadLabel(unread) } }}
              trigger={menuButton()}
            />
          </Suspense>
        )}
        <Brand to={hideNav ? '/' : '/gateway/gateway'} />
        {!hideNav && user && <span className="topbar__user">{user.name}</span>}
      </header>
      <main id="main" tabIndex={-1} className="member-main">
        {children}
      </main>
    </div>
  );
}
