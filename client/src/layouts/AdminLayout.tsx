import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { Brand } from '../components/Brand.tsx';
import { AdminSidebar } from '../components/menu/AdminSidebar.tsx';
import { CloseIcon, MenuIcon } from '../components/ui/icons.tsx';
import { useAuth } from '../auth/store.ts';
import { NeedsConnection, OFFLINE_ADMIN } from '../offline/NeedsConnection.tsx';
import { useOnline } from '../offline/OfflineMarker.tsx';
import { SkipLink } from './PublicLayout.tsx';

/** The admin area: a fixed sidebar on wide screens, a drawer on phones. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navigated = useRef(false);
  const { user } = useAuth();
  const online = useOnline();
  return (
    <div className="shell shell--admin">
      <SkipLink />
      <aside className="admin-sidebar">
        <div className="admin-sidebar__brand">
          <Brand to="/admin" />
          <span className="badge">Admin</span>
        </div>
        <AdminSidebar />
      </aside>
      <header className="topbar admin-topbar">
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className="icon-button" aria-label="Open admin menu">
            <MenuIcon />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="drawer-overlay" />
            <Dialog.Content
              className="drawer"
              aria-describedby={undefined}
              onCloseAutoFocus={(e) => {
                // After a navigation, focus starts on the new screen rather than on the menu button.
                if (!navigated.current) return;
                navigated.current = false;
                e.preventDefault();
                document.getElementById('main')?.focus({ preventScroll: true });
              }}
            >
              <div className="drawer__head">
                <Dialog.Title className="drawer__title">Admin</Dialog.Title>
                <Dialog.Close className="icon-button" aria-label="Close menu">
                  <CloseIcon />
                </Dialog.Close>
              </div>
              <AdminSidebar
                onNavigate={() => {
                  navigated.current = true;
                  setOpen(false);
                }}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Brand to="/admin" />
        {user && <span className="topbar__user">{user.name}</span>}
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        <NeedsConnection text={OFFLINE_ADMIN} className="admin-offline" />
        {/* Offline, nothing can be saved: every form control of the screen waits (always rendered, so a form keeps what was typed). */}
        <fieldset className="admin-lock" role="presentation" disabled={!online}>
          {children}
        </fieldset>
      </main>
    </div>
  );
}
