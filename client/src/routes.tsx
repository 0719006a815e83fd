import { ELIXIR_PHASE_NAMES as ELIXIR_PHASES } from '@evolution/shared/constants';
import { ADMIN_USER_TABS } from './pages/admin/members/record.ts';
import { isTrack, PHASE_QUERY } from './pages/warrior/track.ts';
import { matchPath } from './router/match.ts';
import type { RouteDef } from './router/routeTypes.ts';

/**
 * The whole route table of both specs (docs/spec/member-and-public.md §2, docs/spec/admin.md §2) in one place: paths,
 * titles, guards and features, without the screens (screens.tsx), so a screen may ask the table without a circle.
 */

const pub = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  guard: 'public',
  ...extra,
});
const member = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  guard: 'member',
  ...extra,
});
const warrior = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef =>
  member(path, title, { feature: 'warrior_channel', ...extra });
const superhuman = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef =>
  member(path, title, { feature: 'superhuman_channel', ...extra });
const setup = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  guard: 'setup',
  hideNav: true,
  ...extra,
});
const admin = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  guard: 'admin',
  ...extra,
});

/** First match wins, so literal paths come before patterns that would also match them. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  pub('/', 'Home'),
  pub('/login', 'Login'),
  pub('/logout', 'Log out'),
  pub('/register', 'Register'),
  pub('/forgot_password', 'Forgot Password'),
  pub('/reset-password', 'Reset Password'),
  pub('/signup', 'Subscription Plans'),

  // Setup (members only, navigation hidden)
  setup('/setup/par-q', 'Readiness Questionnaire'),
  setup('/setup/registered-par-q', 'Readiness Questionnaire'),
  setup('/setup/fact-find', 'Fact Find'),

  // Subscribe and upgrade: visitors may open them, so the dialog can register them
  pub('/subscribe/:channel', 'Subscribe'),
  pub('/upgrade/:channel', 'Upgrade'),
  member('/with_menu/upgrade', 'Upgrade', { noAccountMenu: true }),

  // Member
  member('/gateway/gateway', 'Ground Zero'),
  member('/channel-menu', 'Channels'),
  warrior('/warrior/ground-zero', 'Warrior Ground Zero'),
  warrior('/warrior/version', 'Dynamic Evolution'),
  warrior('/warrior/technique-guides', 'Technique Guides'),
  warrior('/warrior/technique-guides/:page', 'Technique Guide'),
  warrior('/user/warrior/:type', 'Phases'),
  warrior('/user/warrior/:type/phase', 'Phase', {
    hideNav: true,
    // The phase to run leaves with start-up: the timer (the screen's largest paint) waits one round trip less.
    prefetch: (utils, { type }) => (isTrack(type) ? utils.warrior.phase.queryOptions({ type }, PHASE_QUERY) : null),
  }),
  superhuman('/superhuman/ground-zero', 'Superhuman Ground Zero'),
  // The spec leaves macro guidelines open to any signed-in user.
  { path: '/superhuman/macro-guidelines', title: 'Macro Guidelines', guard: 'signed-in' },
  superhuman('/superhuman/meal-groups', 'Aliment'),
  ...ELIXIR_PHASES.map((n) =>
    superhuman(
      `/superhuman/meal/saturni-elixir/phase-${n}`,
      `Saturni Elixir: Phase ${n[0]?.toUpperCase()}${n.slice(1)}`,
    ),
  ),
  superhuman('/superhuman/meal/:groupName/:groupId', 'Meals'),
  superhuman('/superhuman/meal/:groupName/:groupId/:mealId', 'Meal'),
  member('/introduction', 'Introduction'),
  member('/evolution', 'Evolution Chamber', { feature: 'evolution_page' }),
  member('/community', 'Community', { hidden: true }),

  // Account screens
  member('/with_menu/settings', 'Change Password'),
  member('/with_menu/contact_information', 'Contact Information'),
  member('/with_menu/channel_subscription', 'Channel Subscription'),
  member('/with_menu/calibration_results', 'Calibration Results'),
  member('/with_menu/macro_data', 'Macro Data'),
  member('/with_menu/assistance_flags', 'Assistance Flags'),
  member('/with_menu/assistance_flags/create', 'New Assistance Flag'),
  member('/with_menu/assistance_flags/:id', 'Assistance Flag'),
  // Beyond the spec: the member's inbox of coaches' messages (docs/product.md §6).
  member('/with_menu/messages', 'Messages'),
  member('/with_menu/messages/:id', 'Message'),
  member('/with_menu/work_volume_analysis', 'Work Volume Analysis'),
  // Beyond the spec: Web Push on the device in hand (docs/architecture.md, "Notifications").
  member('/with_menu/notifications', 'Notifications'),
  // A copy of the member's data and account deletion (UK GDPR rights of access and erasure).
  member('/with_menu/your_data', 'Your Data'),
  // Beyond the spec: personal access tokens for the member's own apps and scripts (docs/api.md).
  member('/with_menu/api_tokens', 'API Tokens'),
  member('/with_menu/workout_results', 'Workout Results'),
  member('/with_menu/form_levels', 'Form Levels'),

  // Admin
  admin('/admin', 'Admin', { redirect: () => '/admin/user_management' }),
  // Admins change their password with the same form and call as members.
  admin('/admin/settings', 'Change Password'),
  admin('/admin/api_tokens', 'API Tokens'),
  admin('/admin/user_management', 'User Management'),
  admin('/admin/user/create', 'Create User'),
  admin('/admin/user/:id/edit', 'Edit User'),
  admin('/admin/user/:id', 'User', {
    redirect: (p) => `/admin/user/${encodeURIComponent(p.id ?? '')}/contact_information`,
  }),
  ...ADMIN_USER_TABS.map((tab) => admin(`/admin/user/:id/${tab.key}`, tab.title)),
  // Beyond the spec: who read which member's health data, and when (docs/product.md §7).
  admin('/admin/audit_log', 'Audit Log'),
  admin('/admin/calibration_management', 'Calibration Management'),
  admin('/admin/calibration/:id/edit', 'Edit Calibration'),
  admin('/admin/channel_management', 'Channel Management'),
  admin('/admin/channel/:id/edit', 'Edit Channel'),
  admin('/admin/meal_management', 'Meal Management'),
  admin('/admin/meal/add', 'Add Meal'),
  admin('/admin/meal/:id/edit', 'Edit Meal'),
  admin('/admin/vo2_max_management', 'VO2 Max Management'),
  admin('/admin/vo2_max/:id/edit', 'Edit VO2 Max Level'),
  admin('/admin/form_group_management', 'Form Management'),
  admin('/admin/form_group/create', 'Create Form Group'),
  admin('/admin/form_group/:id/edit', 'Edit Form Group'),
  admin('/admin/form_group/:id/form_management', 'Forms'),
  admin('/admin/form_group/:formGroupId/form/create', 'Create Form'),
  admin('/admin/form/:id/edit', 'Edit Form'),
  admin('/admin/page_management', 'Content Pages'),
  admin('/admin/page/add', 'Add Page'),
  admin('/admin/page/:id/edit', 'Edit Page'),
  admin('/admin/assistance_flag_management', 'Assistance Flags'),
  admin('/admin/assistance_flag/:id', 'Assistance Flag'),
  admin('/admin/message_management', 'Messages'),
  admin('/admin/message/add', 'New Message'),
  admin('/admin/message/:id', 'Message'),
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The route a path opens (trailing slashes ignored), or null for an unknown path. */
export function findRoute(path: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
