import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Brand } from '../components/Brand.tsx';
import { deferredModule, useDeferredModule } from '../components/deferredModule.ts';
import { QueuedSubmissions } from '../offline/QueuedSubmissions.tsx';
import { MenuIcon } from '../components/ui/icons.tsx';
import { useAuth } from '../auth/store.ts';
import { unreadLabel, useUnreadMessages } from '../pages/messages/unread.ts';
import { SkipLink } from './PublicLayout.tsx';

// The drawer (Radix dialog, focus trap, scroll lock) is fetched as soon as a hand or the keyboard nears its button (from
// the service worker's precache when offline); a press before it is in opens it once loaded.
const sideMenu = deferredModule(() => import('../components/menu/SideMenu.tsx'));
const preloadSideMenu = () => void sideMenu.preload().catch(() => undefined);

/** Members' screens: a top bar with the side menu, unless the screen hides navigation (setup, phase runner). */
export function MemberLayout({
  children,
  hideNav,
  accountMenu,
}: {
  children: ReactNode;
  hideNav: boolean;
  accountMenu: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  // The unread count shows on the menu button, where a member notices it, and beside Messages in the menu.
  const unread = useUnreadMessages(!hideNav);
  const SideMenu = useDeferredModule(sideMenu, false)?.SideMenu;
  const menuButton = useRef<HTMLButtonElement>(null);
  // A press made before the drawer's code is in; moving to another screen forgets it, so the drawer never pops open
  // later on a screen the member did not press it on. A layout effect, and only on a real move: a passive one may run
  // after a press made just as the screen appears, and swallow it.
  const [pending, setPending] = useState(false);
  const press = useRef(0);
  const [location] = useLocation();
  const screen = `${hideNav ? 'bare' : 'nav'} ${location}`;
  const shownScreen = useRef(screen);
  useLayoutEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    press.current++;
    setPending(false);
    setOpen(false);
  }, [screen]);
  // The button stays the same element once the drawer's code is in (focus is not lost); pressed before, it fetches the
  // code and opens the drawer once loaded (a press offline does nothing, the next one tries again).
  const openMenu = () => {
    if (SideMenu) {
      setOpen(true);
      return;
    }
    const ticket = ++press.current;
    setPending(true);
    const settle = (opened: boolean) => {
      if (ticket !== press.current) return;
      setPending(false);
      setOpen(opened);
    };
    sideMenu.preload().then(
      () => settle(true),
      () => settle(false),
    );
  };
  return (
    <div className="shell shell--member">
      <SkipLink />
      <header className={hideNav ? 'topbar topbar--bare' : 'topbar'}>
        {!hideNav && (
          <button
            ref={menuButton}
            type="button"
            className="icon-button"
            onClick={openMenu}
            onPointerEnter={preloadSideMenu}
            onFocus={preloadSideMenu}
            onTouchStart={preloadSideMenu}
            aria-haspopup="dialog"
            aria-expanded={open && !hideNav}
            aria-busy={pending || undefined}
            aria-label={unread ? `Open menu, ${unreadLabel(unread)}` : 'Open menu'}
          >
            <MenuIcon />
            {unread > 0 && (
              <span className="unread-count" aria-hidden="true">
                {unread}
              </span>
            )}
          </button>
        )}
        {!hideNav && SideMenu && (
          <SideMenu
            open={open && !hideNav}
            onOpenChange={setOpen}
            accountMenu={accountMenu}
            counts={{ messages: { count: unread, label: unreadLabel(unread) } }}
            opener={menuButton}
          />
        )}
        <Brand to={hideNav ? '/' : '/gateway/gateway'} />
        {!hideNav && user && <span className="topbar__user">{user.name}</span>}
      </header>
      <main id="main" tabIndex={-1} className="member-main">
        {/* What this phone still has to send (the runner shows its own phase in its place). */}
        {!hideNav && <QueuedSubmissions />}
        {children}
      </main>
    </div>
  );
}
