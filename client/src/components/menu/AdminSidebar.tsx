import { Link, useLocation } from 'wouter';

interface AdminEntry {
  label: string;
  to: string;
  /** Path prefixes that belong to this section, for the current-page mark. */
  section: readonly string[];
}

/** Admin sidebar entries (docs/spec/admin.md §2). Elixirs opens the Elixirs meal group (meal group 1). */
const ADMIN_MENU: readonly AdminEntry[] = [
  { label: 'User Management', to: '/admin/user_management', section: ['/admin/user_management', '/admin/user/'] },
  {
    label: 'Calibration Management',
    to: '/admin/calibration_management',
    section: ['/admin/calibration', '/admin/vo2_max'],
  },
  { label: 'Channel Management', to: '/admin/channel_management', section: ['/admin/channel'] },
  { label: 'Content Pages', to: '/admin/page_management', section: ['/admin/page'] },
  { label: 'Form Management', to: '/admin/form_group_management', section: ['/admin/form_group', '/admin/form/'] },
  { label: 'Meal Management', to: '/admin/meal_management', section: ['/admin/meal'] },
  { label: 'Elixirs', to: '/admin/meal_management?meal_group=1', section: [] },
  { label: 'Assistance flags', to: '/admin/assistance_flag_management', section: ['/admin/assistance_flag'] },
  // Beyond the spec's sample screen: real messages to members (docs/product.md §6).
  { label: 'Messages', to: '/admin/message_management', section: ['/admin/message'] },
  // Beyond the spec: who read which member's health data (docs/product.md §7).
  { label: 'Audit log', to: '/admin/audit_log', section: ['/admin/audit_log'] },
  { label: 'Change Password', to: '/admin/settings', section: ['/admin/settings'] },
  // Beyond the spec: personal access tokens for the admin's own integrations (docs/api.md).
  { label: 'API Tokens', to: '/admin/api_tokens', section: ['/admin/api_tokens'] },
  { label: 'Logout', to: '/logout', section: [] },
];

/** The admin area's navigation list. */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <nav aria-label="Admin">
      <ul className="stack-list menu-list menu-list--admin">
        {ADMIN_MENU.map((entry) => {
          const current = entry.section.some((prefix) => location.startsWith(prefix));
          return (
            <li key={entry.label}>
              <Link
                href={entry.to}
                className="menu-item"
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
              >
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
