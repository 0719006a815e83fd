import { YOUR_DATA } from '../../auth/places.ts';
/** One entry of the member side menu; entries whose enabled flag is off are not offered. */
export interface MenuEntry {
  key: string;
  label: string;
  enabled: boolean;
  /** Where the entry goes; entries without `to` open a submenu. */
  to?: string;
  submenu?: 'account';
}

/** Main menu (spec section 2, "Side menu"). Evolution exists but is hidden. */
const MAIN_MENU: readonly MenuEntry[] = [
  { key: 'ground-zero', label: 'Ground Zero', to: '/gateway/gateway', enabled: true },
  // Beyond the spec: the coaches' messages, with the unread count beside the entry (docs/product.md §6).
  { key: 'messages', label: 'Messages', to: '/with_menu/messages', enabled: true },
  { key: 'evolution', label: 'Evolution', to: '/evolution', enabled: false },
  { key: 'account-settings', label: 'Account Settings', submenu: 'account', enabled: true },
  { key: 'upgrade', label: 'Upgrade', to: '/with_menu/upgrade', enabled: true },
  { key: 'change-password', label: 'Change Password', to: '/with_menu/settings', enabled: true },
  { key: 'logout', label: 'Log out', to: '/logout', enabled: true },
];

/**
 * Account Settings submenu. Macro Data is disabled for now; Notifications (push on this device), Your Data
 * (download, delete) and API Tokens (personal access tokens) are ours, not the spec's.
 */
const ACCOUNT_MENU: readonly MenuEntry[] = [
  { key: 'contact-information', label: 'Contact Information', to: '/with_menu/contact_information', enabled: true },
  { key: 'channel-subscription', label: 'Channel Subscription', to: '/with_menu/channel_subscription', enabled: true },
  { key: 'calibration-results', label: 'Calibration Results', to: '/with_menu/calibration_results', enabled: true },
  { key: 'macro-data', label: 'Macro Data', to: '/with_menu/macro_data', enabled: false },
  { key: 'assistance-flags', label: 'Assistance Flags', to: '/with_menu/assistance_flags', enabled: true },
  { key: 'work-volume-analysis', label: 'Work Volume Analysis', to: '/with_menu/work_volume_analysis', enabled: true },
  { key: 'notifications', label: 'Notifications', to: '/with_menu/notifications', enabled: true },
  { key: 'your-data', label: 'Your Data', to: YOUR_DATA, enabled: true },
  { key: 'api-tokens', label: 'API Tokens', to: '/with_menu/api_tokens', enabled: true },
];

export type MenuView = 'main' | 'account';

/** The entries a view shows: enabled ones only, and no Account Settings where the screen has no such submenu. */
export function menuEntries(view: MenuView, { accountMenu }: { accountMenu: boolean }): MenuEntry[] {
  const entries = view === 'main' ? MAIN_MENU : ACCOUNT_MENU;
  return entries.filter((e) => e.enabled && (accountMenu || e.submenu !== 'account'));
}

/** Back: from the submenu to the main menu; from the main menu to the previous page, closing the menu. */
export function backAction(view: MenuView): 'main-menu' | 'previous-page' {
  return view === 'account' ? 'main-menu' : 'previous-page';
}
