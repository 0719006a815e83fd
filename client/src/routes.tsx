import { ELIXIR_PHASE_NAMES as ELIXIR_PHASES } from '@evolution/shared/constants';
import { ADMIN_USER_TABS } from './pages/admin/members/record.ts';
import { isTrack, PHASE_QUERY } from './pages/warrior/track.ts';
import { lazyScreen } from './router/lazyScreen.ts';
import { matchPath } from './router/match.ts';
import type { RouteDef } from './router/routeTypes.ts';

/**
 * The whole route table of both specs (member-and-public.md section 2, admin.md section 2) in one place.
 * A route without a `page` is built by a later issue and shows a "coming soon" body under its title.
 */

const LoginPage = lazyScreen(() => import('./pages/public/LoginPage.tsx'));
const RegisterPage = lazyScreen(() => import('./pages/public/RegisterPage.tsx'));
const LogoutPage = lazyScreen(() => import('./pages/public/LogoutPage.tsx'));
const GatewayPage = lazyScreen(() => import('./pages/member/GatewayPage.tsx'));
const UserManagementPage = lazyScreen(() => import('./pages/admin/UserManagementPage.tsx'));
const ForgotPasswordPage = lazyScreen(() => import('./pages/public/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyScreen(() => import('./pages/public/ResetPasswordPage.tsx'));
const SignupPage = lazyScreen(() => import('./pages/subscribe/SignupPage.tsx'));
const SubscribePage = lazyScreen(() => import('./pages/subscribe/SubscribePage.tsx'));
const UpgradeMenuPage = lazyScreen(() => import('./pages/subscribe/UpgradeMenuPage.tsx'));
const ParQPage = lazyScreen(() => import('./pages/setup/ParQPage.tsx'));
const FactFindPage = lazyScreen(() => import('./pages/setup/FactFindPage.tsx'));
const ChannelMenuPage = lazyScreen(() => import('./pages/member/ChannelMenuPage.tsx'));
const ChangePasswordPage = lazyScreen(() => import('./pages/account/ChangePasswordPage.tsx'));
const ContactInformationPage = lazyScreen(() => import('./pages/account/ContactInformationPage.tsx'));
const ChannelSubscriptionPage = lazyScreen(() => import('./pages/account/ChannelSubscriptionPage.tsx'));
const WorkVolumePage = lazyScreen(() => import('./pages/account/WorkVolumePage.tsx'));
const YourDataPage = lazyScreen(() => import('./pages/account/YourDataPage.tsx'));
const NotificationsPage = lazyScreen(() => import('./pages/account/NotificationsPage.tsx'));
// Warrior channel, results and the evolution chamber (issue 4)
const WarriorGroundZeroPage = lazyScreen(() => import('./pages/warrior/GroundZeroPage.tsx'));
const VersionsPage = lazyScreen(() => import('./pages/warrior/VersionsPage.tsx'));
const PhaseListPage = lazyScreen(() => import('./pages/warrior/PhaseListPage.tsx'));
const PhaseRunnerPage = lazyScreen(() => import('./pages/warrior/runner/PhaseRunnerPage.tsx'));
const TechniqueGuidesPage = lazyScreen(() => import('./pages/warrior/TechniqueGuidesPage.tsx'));
const TechniqueGuidePage = lazyScreen(() => import('./pages/warrior/TechniqueGuidePage.tsx'));
const IntroductionPage = lazyScreen(() => import('./pages/content/IntroductionPage.tsx'));
const EvolutionChamberPage = lazyScreen(() => import('./pages/evolution/EvolutionChamberPage.tsx'));
const CalibrationResultsPage = lazyScreen(() => import('./pages/results/CalibrationResultsPage.tsx'));
const WorkoutResultsPage = lazyScreen(() => import('./pages/results/WorkoutResultsPage.tsx'));
const FormLevelsPage = lazyScreen(() => import('./pages/results/FormLevelsPage.tsx'));
// Superhuman channel and macro data
const SuperhumanGroundZeroPage = lazyScreen(() => import('./pages/superhuman/GroundZeroPage.tsx'));
const MacroGuidelinesPage = lazyScreen(() => import('./pages/superhuman/MacroGuidelinesPage.tsx'));
const MealGroupsPage = lazyScreen(() => import('./pages/superhuman/MealGroupsPage.tsx'));
const ElixirPhasePage = lazyScreen(() => import('./pages/superhuman/ElixirPhasePage.tsx'));
const MealListPage = lazyScreen(() => import('./pages/superhuman/MealListPage.tsx'));
const MealPage = lazyScreen(() => import('./pages/superhuman/MealPage.tsx'));
const MacroDataPage = lazyScreen(() => import('./pages/account/MacroDataPage.tsx'));
// Assistance flags and messages (issue 11)
const FlagListPage = lazyScreen(() => import('./pages/flags/FlagListPage.tsx'));
const FlagCreatePage = lazyScreen(() => import('./pages/flags/FlagCreatePage.tsx'));
const FlagThreadPage = lazyScreen(() => import('./pages/flags/FlagThreadPage.tsx'));
const InboxPage = lazyScreen(() => import('./pages/messages/InboxPage.tsx'));
const MessagePage = lazyScreen(() => import('./pages/messages/MessagePage.tsx'));
const AdminFlagManagementPage = lazyScreen(() => import('./pages/admin/flags/FlagManagementPage.tsx'));
const AdminFlagThreadPage = lazyScreen(() => import('./pages/admin/flags/FlagThreadPage.tsx'));
const AdminMessageManagementPage = lazyScreen(() => import('./pages/admin/messages/MessageManagementPage.tsx'));
const AdminMessageAddPage = lazyScreen(() => import('./pages/admin/messages/MessageAddPage.tsx'));
const AdminMessagePage = lazyScreen(() => import('./pages/admin/messages/MessagePage.tsx'));
// Admin users and members' records (issue 10)
const AdminUserEditPage = lazyScreen(() => import('./pages/admin/users/UserEditPage.tsx'));
const AdminMemberRecordPage = lazyScreen(() => import('./pages/admin/members/MemberRecordPage.tsx'));
const AdminAuditLogPage = lazyScreen(() => import('./pages/admin/audit/AuditLogPage.tsx'));
// Admin content (issue 9)
const AdminCalibrationListPage = lazyScreen(() => import('./pages/admin/calibrations/CalibrationListPage.tsx'));
const AdminCalibrationEditPage = lazyScreen(() => import('./pages/admin/calibrations/CalibrationEditPage.tsx'));
const AdminChannelListPage = lazyScreen(() => import('./pages/admin/channels/ChannelListPage.tsx'));
const AdminChannelEditPage = lazyScreen(() => import('./pages/admin/channels/ChannelEditPage.tsx'));
const AdminVo2ListPage = lazyScreen(() => import('./pages/admin/vo2max/Vo2ListPage.tsx'));
const AdminVo2EditPage = lazyScreen(() => import('./pages/admin/vo2max/Vo2EditPage.tsx'));
const AdminFormGroupListPage = lazyScreen(() => import('./pages/admin/forms/FormGroupListPage.tsx'));
const AdminFormGroupEditPage = lazyScreen(() => import('./pages/admin/forms/FormGroupEditPage.tsx'));
const AdminFormListPage = lazyScreen(() => import('./pages/admin/forms/FormListPage.tsx'));
const AdminFormEditPage = lazyScreen(() => import('./pages/admin/forms/FormEditPage.tsx'));
const AdminMealManagementPage = lazyScreen(() => import('./pages/admin/meals/MealManagementPage.tsx'));
const AdminMealEditPage = lazyScreen(() => import('./pages/admin/meals/MealEditPage.tsx'));
const AdminPageManagementPage = lazyScreen(() => import('./pages/admin/pages/PageManagementPage.tsx'));
const AdminPageEditPage = lazyScreen(() => import('./pages/admin/pages/PageEditPage.tsx'));

const pub = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, title, guard: 'public', ...extra });
const member = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, title, guard: 'member', ...extra });
const warrior = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef =>
  member(path, title, { feature: 'warrior_channel', ...extra });
const superhuman = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef =>
  member(path, title, { feature: 'superhuman_channel', ...extra });
const setup = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, title, guard: 'setup', hideNav: true, ...extra });
const admin = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, title, guard: 'admin', ...extra });


/** First match wins, so literal paths come before patterns that would also match them. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  pub('/', 'Home'),
  pub('/login', 'Login', { page: LoginPage }),
  pub('/logout', 'Log out', { page: LogoutPage }),
  pub('/register', 'Register', { page: RegisterPage }),
  pub('/forgot_password', 'Forgot Password', { page: ForgotPasswordPage }),
  pub('/reset-password', 'Reset Password', { page: ResetPasswordPage }),
  pub('/signup', 'Subscription Plans', { page: SignupPage }),

  // Setup (members only, navigation hidden)
  setup('/setup/par-q', 'Readiness Questionnaire', { page: ParQPage }),
  setup('/setup/registered-par-q', 'Readiness Questionnaire', { page: ParQPage }),
  setup('/setup/fact-find', 'Fact Find', { page: FactFindPage }),

  // Subscribe and upgrade: visitors may open them, so the dialog can register them
  pub('/subscribe/:channel', 'Subscribe', { page: SubscribePage }),
  pub('/upgrade/:channel', 'Upgrade', { page: SubscribePage }),
  member('/with_menu/upgrade', 'Upgrade', { noAccountMenu: true, page: UpgradeMenuPage }),

  // Member
  member('/gateway/gateway', 'Ground Zero', { page: GatewayPage }),
  member('/channel-menu', 'Channels', { page: ChannelMenuPage }),
  warrior('/warrior/ground-zero', 'Warrior Ground Zero', { page: WarriorGroundZeroPage }),
  warrior('/warrior/version', 'Dynamic Evolution', { page: VersionsPage }),
  warrior('/warrior/technique-guides', 'Technique Guides', { page: TechniqueGuidesPage }),
  warrior('/warrior/technique-guides/:page', 'Technique Guide', { page: TechniqueGuidePage }),
  warrior('/user/warrior/:type', 'Phases', { page: PhaseListPage }),
  warrior('/user/warrior/:type/phase', 'Phase', {
    hideNav: true,
    page: PhaseRunnerPage,
    // The phase to run leaves with start-up: the timer (the screen's largest paint) waits one round trip less.
    prefetch: (utils, { type }) => (isTrack(type) ? utils.warrior.phase.queryOptions({ type }, PHASE_QUERY) : null),
  }),
  superhuman('/superhuman/ground-zero', 'Superhuman Ground Zero', { page: SuperhumanGroundZeroPage }),
  // The spec leaves macro guidelines open to any signed-in user.
  { path: '/superhuman/macro-guidelines', title: 'Macro Guidelines', guard: 'signed-in', page: MacroGuidelinesPage },
  superhuman('/superhuman/meal-groups', 'Aliment', { page: MealGroupsPage }),
  ...ELIXIR_PHASES.map((n) =>
    superhuman(`/superhuman/meal/saturni-elixir/phase-${n}`, `Saturni Elixir: Phase ${n[0]?.toUpperCase()}${n.slice(1)}`, { page: ElixirPhasePage }),
  ),
  superhuman('/superhuman/meal/:groupName/:groupId', 'Meals', { page: MealListPage }),
  superhuman('/superhuman/meal/:groupName/:groupId/:mealId', 'Meal', { page: MealPage }),
  member('/introduction', 'Introduction', { page: IntroductionPage }),
  member('/evolution', 'Evolution Chamber', { feature: 'evolution_page', page: EvolutionChamberPage }),
  member('/community', 'Community', { hidden: true }),

  // Account screens
  member('/with_menu/settings', 'Change Password', { page: ChangePasswordPage }),
  member('/with_menu/contact_information', 'Contact Information', { page: ContactInformationPage }),
  member('/with_menu/channel_subscription', 'Channel Subscription', { page: ChannelSubscriptionPage }),
  member('/with_menu/calibration_results', 'Calibration Results', { page: CalibrationResultsPage }),
  member('/with_menu/macro_data', 'Macro Data', { page: MacroDataPage }),
  member('/with_menu/assistance_flags', 'Assistance Flags', { page: FlagListPage }),
  member('/with_menu/assistance_flags/create', 'New Assistance Flag', { page: FlagCreatePage }),
  member('/with_menu/assistance_flags/:id', 'Assistance Flag', { page: FlagThreadPage }),
  // Beyond the spec: the member's inbox of coaches' messages (PRODUCT.md section 6, issue 11).
  member('/with_menu/messages', 'Messages', { page: InboxPage }),
  member('/with_menu/messages/:id', 'Message', { page: MessagePage }),
  member('/with_menu/work_volume_analysis', 'Work Volume Analysis', { page: WorkVolumePage }),
  // Web Push on the device in hand (issue 20).
  member('/with_menu/notifications', 'Notifications', { page: NotificationsPage }),
  // A copy of the member's data and account deletion (UK GDPR rights of access and erasure).
  member('/with_menu/your_data', 'Your Data', { page: YourDataPage }),
  member('/with_menu/workout_results', 'Workout Results', { page: WorkoutResultsPage }),
  member('/with_menu/form_levels', 'Form Levels', { page: FormLevelsPage }),

  // Admin
  admin('/admin', 'Admin', { redirect: () => '/admin/user_management' }),
  // Admins change their password with the same form and call as members.
  admin('/admin/settings', 'Change Password', { page: ChangePasswordPage }),
  admin('/admin/user_management', 'User Management', { page: UserManagementPage }),
  admin('/admin/user/create', 'Create User', { page: AdminUserEditPage }),
  admin('/admin/user/:id/edit', 'Edit User', { page: AdminUserEditPage }),
  admin('/admin/user/:id', 'User', { redirect: (p) => `/admin/user/${encodeURIComponent(p.id ?? '')}/contact_information` }),
  ...ADMIN_USER_TABS.map((tab) => admin(`/admin/user/:id/${tab.key}`, tab.title, { page: AdminMemberRecordPage })),
  // Beyond the spec: who read which member's health data, and when (issue 10).
  admin('/admin/audit_log', 'Audit Log', { page: AdminAuditLogPage }),
  admin('/admin/calibration_management', 'Calibration Management', { page: AdminCalibrationListPage }),
  admin('/admin/calibration/:id/edit', 'Edit Calibration', { page: AdminCalibrationEditPage }),
  admin('/admin/channel_management', 'Channel Management', { page: AdminChannelListPage }),
  admin('/admin/channel/:id/edit', 'Edit Channel', { page: AdminChannelEditPage }),
  admin('/admin/meal_management', 'Meal Management', { page: AdminMealManagementPage }),
  admin('/admin/meal/add', 'Add Meal', { page: AdminMealEditPage }),
  admin('/admin/meal/:id/edit', 'Edit Meal', { page: AdminMealEditPage }),
  admin('/admin/vo2_max_management', 'VO2 Max Management', { page: AdminVo2ListPage }),
  admin('/admin/vo2_max/:id/edit', 'Edit VO2 Max Level', { page: AdminVo2EditPage }),
  admin('/admin/form_group_management', 'Form Management', { page: AdminFormGroupListPage }),
  admin('/admin/form_group/create', 'Create Form Group', { page: AdminFormGroupEditPage }),
  admin('/admin/form_group/:id/edit', 'Edit Form Group', { page: AdminFormGroupEditPage }),
  admin('/admin/form_group/:id/form_management', 'Forms', { page: AdminFormListPage }),
  admin('/admin/form_group/:formGroupId/form/create', 'Create Form', { page: AdminFormEditPage }),
  admin('/admin/form/:id/edit', 'Edit Form', { page: AdminFormEditPage }),
  admin('/admin/page_management', 'Content Pages', { page: AdminPageManagementPage }),
  admin('/admin/page/add', 'Add Page', { page: AdminPageEditPage }),
  admin('/admin/page/:id/edit', 'Edit Page', { page: AdminPageEditPage }),
  admin('/admin/assistance_flag_management', 'Assistance Flags', { page: AdminFlagManagementPage }),
  admin('/admin/assistance_flag/:id', 'Assistance Flag', { page: AdminFlagThreadPage }),
  admin('/admin/message_management', 'Messages', { page: AdminMessageManagementPage }),
  admin('/admin/message/add', 'New Message', { page: AdminMessageAddPage }),
  admin('/admin/message/:id', 'Message', { page: AdminMessagePage }),
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
