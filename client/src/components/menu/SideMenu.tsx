import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Link, useLocation } from 'wouter';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../ui/icons.tsx';
import { backAction, menuEntries, type MenuView } from './sideMenuModel.ts';

export interface SideMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** False on the upgrade menu, which has no Account Settings submenu. */
  accountMenu?: boolean;
  /** Goes to the previous page; the browser's history by default. */
  goBack?: () => void;
  /**
   * The button that opens the menu, which the layout renders before this drawer's code is in; focus returns to it when
   * the menu closes without navigating.
   */
  opener?: RefObject<HTMLElement | null>;
  /** A count to show beside an entry, by its key (the unread messages); read out with its label. */
  counts?: Partial<Record<string, { count: number; label: string }>>;
}

/** The member side menu: a Radix dialog drawer with the main menu, the Account Settings submenu and Back. */
export function SideMenu({
  open,
  onOpenChange,
  accountMenu = true,
  goBack = () => history.back(),
  opener,
  counts,
}: SideMenuProps) {
  const [view, setView] = useState<MenuView>('main');
  const [location] = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const switched = useRef(false);
  const navigated = useRef(false);

  // Every opening starts at the main menu.
  useEffect(() => {
    if (!open) setView('main');
  }, [open]);

  // Where the drawer opened: closed on another screen (the phone's back button), focus goes to that screen too.
  // (Kept after closing: Radix asks where focus goes once the drawer is gone.)
  const openedAt = useRef<string | null>(null);
  // Read when it opens, not each later location: an effect event sees the location without depending on it.
  const noteOpening = useEffectEvent(() => {
    openedAt.current = location;
  });
  useEffect(() => {
    if (open) noteOpening();
  }, [open]);

  // Switching between menus moves focus to the first entry of the new list.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    listRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [view]);

  const show = (next: MenuView) => {
    switched.current = true;
    setView(next);
  };

  const back = () => {
    if (backAction(view) === 'main-menu') return show('main');
    navigated.current = true;
    onOpenChange(false);
    goBack();
  };

  // After a navigation, focus starts on the new screen; otherwise it goes back to the menu button.
  const closeAutoFocus = (e: Event) => {
    const moved = navigated.current || (openedAt.current !== null && openedAt.current !== location);
    const target = moved ? document.getElementById('main') : opener?.current;
    navigated.current = false;
    if (!target) return;
    e.preventDefault();
    target.focus({ preventScroll: true });
  };

  const entries = menuEntries(view, { accountMenu });
  const title = view === 'main' ? 'Menu' : 'Account Settings';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined} onCloseAutoFocus={closeAutoFocus}>
          <div className="drawer__head">
            <button type="button" className="icon-button drawer__back" onClick={back}>
              <ChevronLeftIcon />
              <span>Back</span>
            </button>
            <Dialog.Title className="drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={title}>
            <ul className="stack-list menu-list" ref={listRef}>
              {entries.map((entry) => (
                <li key={entry.key}>
                  {entry.to ? (
                    <Link
                      href={entry.to}
                      className="menu-item"
                      aria-current={location === entry.to ? 'page' : undefined}
                      onClick={() => {
                        navigated.current = true;
                        onOpenChange(false);
                      }}
                    >
                      {entry.label}
                      {counts?.[entry.key]?.count ? (
                        <span className="unread-count">
                          <span aria-hidden="true">{counts[entry.key]!.count}</span>
                          <span className="visually-hidden">, {counts[entry.key]!.label}</span>
                        </span>
                      ) : null}
                    </Link>
                  ) : (
                    <button type="button" className="menu-item" onClick={() => show('account')}>
                      {entry.label}
                      <ChevronRightIcon className="menu-item__chevron" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
