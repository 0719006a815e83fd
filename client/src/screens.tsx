import { ELIXIR_PHASE_NAMES as ELIXIR_PHASES } from '@evolution/shared/constants';
import { ADMIN_USER_TABS } from './pages/admin/members/record.ts';
import { lazyScreen } from './router/lazyScreen.ts';
import type { RouteDef, Screen } from './router/routeTypes.ts';

// The screen of each route of routes.tsx, by its path: each downloaded when first opened. Kept apart from the route
// table, which the screens themselves read (the guard's rules) and which must not load them. A route with no screen
// here is built by a later issue and shows a "coming soon" body under its title.

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
const ApiTokensPage = lazyScreen(() => import('./pages/account/ApiTokensPage.tsx'));
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
const SuperhumanGroundZeroPage = lazyScreen(() => import('./pages/superhuman/GroundZeroPage.tsx'));
const MacroGuidelinesPage = lazyScreen(() => import('./pages/superhuman/MacroGuidelinesPage.tsx'));
const MealGroupsPage = lazyScreen(() => import('./pages/superhuman/MealGroupsPage.tsx'));
const ElixirPhasePage = lazyScreen(() => import('./pages/superhuman/ElixirPhasePage.tsx'));
const MealListPage = lazyScreen(() => import('./pages/superhuman/MealListPage.tsx'));
const MealPage = lazyScreen(() => import('./pages/superhuman/MealPage.tsx'));
const MacroDataPage = lazyScreen(() => import('./pages/account/MacroDataPage.tsx'));
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
const AdminUserEditPage = lazyScreen(() => import('./pages/admin/users/UserEditPage.tsx'));
const AdminMemberRecordPage = lazyScreen(() => import('./pages/admin/members/MemberRecordPage.tsx'));
const AdminAuditLogPage = lazyScreen(() => import('./pages/admin/audit/AuditLogPage.tsx'));
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

const SCREENS = new Map<string, Screen>([
  ['/login', LoginPage],
  ['/logout', LogoutPage],
  ['/register', RegisterPage],
  ['/forgot_password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/signup', SignupPage],
  ['/setup/par-q', ParQPage],
  ['/setup/registered-par-q', ParQPage],
  ['/setup/fact-find', FactFindPage],
  ['/subscribe/:channel', SubscribePage],
  ['/upgrade/:channel', SubscribePage],
  ['/with_menu/upgrade', UpgradeMenuPage],
  ['/gateway/gateway', GatewayPage],
  ['/channel-menu', ChannelMenuPage],
  ['/warrior/ground-zero', WarriorGroundZeroPage],
  ['/warrior/version', VersionsPage],
  ['/warrior/technique-guides', TechniqueGuidesPage],
  ['/warrior/technique-guides/:page', TechniqueGuidePage],
  ['/user/warrior/:type', PhaseListPage],
  ['/user/warrior/:type/phase', PhaseRunnerPage],
  ['/superhuman/ground-zero', SuperhumanGroundZeroPage],
  ['/superhuman/macro-guidelines', MacroGuidelinesPage],
  ['/superhuman/meal-groups', MealGroupsPage],
  ...ELIXIR_PHASES.map((n) => [`/superhuman/meal/saturni-elixir/phase-${n}`, ElixirPhasePage] as const),
  ['/superhuman/meal/:groupName/:groupId', MealListPage],
  ['/superhuman/meal/:groupName/:groupId/:mealId', MealPage],
  ['/introduction', IntroductionPage],
  ['/evolution', EvolutionChamberPage],
  ['/with_menu/settings', ChangePasswordPage],
  ['/with_menu/contact_information', ContactInformationPage],
  ['/with_menu/channel_subscription', ChannelSubscriptionPage],
  ['/with_menu/calibration_results', CalibrationResultsPage],
  ['/with_menu/macro_data', MacroDataPage],
  ['/with_menu/assistance_flags', FlagListPage],
  ['/with_menu/assistance_flags/create', FlagCreatePage],
  ['/with_menu/assistance_flags/:id', FlagThreadPage],
  ['/with_menu/messages', InboxPage],
  ['/with_menu/messages/:id', MessagePage],
  ['/with_menu/work_volume_analysis', WorkVolumePage],
  ['/with_menu/notifications', NotificationsPage],
  ['/with_menu/your_data', YourDataPage],
  ['/with_menu/api_tokens', ApiTokensPage],
  ['/with_menu/workout_results', WorkoutResultsPage],
  ['/with_menu/form_levels', FormLevelsPage],
  ['/admin/settings', ChangePasswordPage],
  ['/admin/api_tokens', ApiTokensPage],
  ['/admin/user_management', UserManagementPage],
  ['/admin/user/create', AdminUserEditPage],
  ['/admin/user/:id/edit', AdminUserEditPage],
  ...ADMIN_USER_TABS.map((tab) => [`/admin/user/:id/${tab.key}`, AdminMemberRecordPage] as const),
  ['/admin/audit_log', AdminAuditLogPage],
  ['/admin/calibration_management', AdminCalibrationListPage],
  ['/admin/calibration/:id/edit', AdminCalibrationEditPage],
  ['/admin/channel_management', AdminChannelListPage],
  ['/admin/channel/:id/edit', AdminChannelEditPage],
  ['/admin/meal_management', AdminMealManagementPage],
  ['/admin/meal/add', AdminMealEditPage],
  ['/admin/meal/:id/edit', AdminMealEditPage],
  ['/admin/vo2_max_management', AdminVo2ListPage],
  ['/admin/vo2_max/:id/edit', AdminVo2EditPage],
  ['/admin/form_group_management', AdminFormGroupListPage],
  ['/admin/form_group/create', AdminFormGroupEditPage],
  ['/admin/form_group/:id/edit', AdminFormGroupEditPage],
  ['/admin/form_group/:id/form_management', AdminFormListPage],
  ['/admin/form_group/:formGroupId/form/create', AdminFormEditPage],
  ['/admin/form/:id/edit', AdminFormEditPage],
  ['/admin/page_management', AdminPageManagementPage],
  ['/admin/page/add', AdminPageEditPage],
  ['/admin/page/:id/edit', AdminPageEditPage],
  ['/admin/assistance_flag_management', AdminFlagManagementPage],
  ['/admin/assistance_flag/:id', AdminFlagThreadPage],
  ['/admin/message_management', AdminMessageManagementPage],
  ['/admin/message/add', AdminMessageAddPage],
  ['/admin/message/:id', AdminMessagePage],
]);

/** The screen a route shows, or undefined while it has none. */
export const screenOf = (route: RouteDef): Screen | undefined => SCREENS.get(route.path);
