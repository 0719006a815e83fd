import type { AccessFlag } from '@evolution/shared/constants';
import { findRoute } from '../routes.tsx';
import type { RouteDef } from '../router/routeTypes.ts';
import { splitTarget } from '../router/match.ts';
import { featureAllowed } from './session.ts';
import {
  ADMIN_HOME,
  LOGIN,
  MEMBER_HOME,
  SETUP_STEP_PAGES,
  UPGRADE_MENU,
  YOUR_DATA,
  homeFor,
  isAdmin,
  isMember,
  signedIn,
  type Auth,
} from './places.ts';

/** What the router does with a navigation: render the screen, or go elsewhere (and maybe clear the session first). */
export type Decision = { kind: 'allow' } | { kind: 'redirect'; to: string; clearSession: boolean };

const allow: Decision = { kind: 'allow' };
const go = (to: string, clearSession = false): Decision => ({ kind: 'redirect', to, clearSession });

const withRedirect = (path: string, target: string) => `${path}?redirect=${encodeURIComponent(target)}`;

/**
 * Paths a member without an active subscription may still open (spec section 2), and Your Data: a copy of their data
 * and account deletion are theirs by law, paid up or not.
 */
export function subscriptionExempt(path: string): boolean {
  return (
    path === UPGRADE_MENU ||
    path === YOUR_DATA ||
    path.startsWith('/subscribe/') ||
    path.startsWith('/upgrade/') ||
    path === '/setup/par-q' ||
    path === '/setup/registered-par-q' ||
    path === '/setup/fact-find' ||
    path === '/logout' ||
    path === LOGIN
  );
}

/** Where a denied feature sends the member: channels to the upgrade menu, the evolution chamber back to Ground Zero. */
function featureDenied(feature: AccessFlag, target: string): string {
  return feature === 'evolution_page' ? MEMBER_HOME : withRedirect(UPGRADE_MENU, target);
}

/** Does this guard let a user of this kind in? Otherwise: clear the session and go to /login?redirect=... */
function passesGuard(route: RouteDef, auth: Auth): boolean {
  switch (route.guard) {
    case 'public':
      return true;
    case 'member':
    case 'setup':
      return isMember(auth);
    case 'signed-in':
      return signedIn(auth);
    case 'admin':
      return isAdmin(auth);
  }
}

/**
 * The navigation rules of spec section 2, as one pure function of the stored session and the target
 * (`/path?query`). Unknown paths are allowed (they render "not found").
 */
export function decideNavigation(auth: Auth, target: string): Decision {
  const { path } = splitTarget(target);
  const match = findRoute(path);
  if (!match) return allow;
  const { route, params } = match;

  if (route.path === '/') return go(homeFor(auth));
  if (!passesGuard(route, auth)) return go(withRedirect(LOGIN, target), true);

  if (route.guard !== 'public' && isMember(auth)) {
    const user = auth.user;
    if (user?.initial_setup) {
      const pages = SETUP_STEP_PAGES[user.initial_setup_step >= 2 ? 2 : 1];
      if (!pages.includes(path)) return go(pages[0] as string);
    } else if (route.guard === 'setup') {
      return go('/');
    }
    if (!auth.subscription?.active && !subscriptionExempt(path)) return go(withRedirect(UPGRADE_MENU, target));
    if (route.feature && !featureAllowed(auth.access, route.feature)) return go(featureDenied(route.feature, target));
  }

  if (route.redirect) return go(route.redirect(params));
  return allow;
}

/** Where to go after login: the redirect query when it is a screen of the user's own area, else their home. */
export function postLoginTarget(auth: Auth, redirect: string | null): string {
  const wanted = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : null;
  const route = wanted ? findRoute(splitTarget(wanted).path)?.route : undefined;
  if (isMember(auth)) {
    // A channel's plans are public, but a member who signed in from them came to buy: send them back.
    const plans = wanted !== null && /^\/(subscribe|upgrade)\//.test(wanted);
    const memberArea = plans || (route && (route.guard === 'member' || route.guard === 'signed-in'));
    return memberArea && wanted ? wanted : MEMBER_HOME;
  }
  if (isAdmin(auth)) return route?.guard === 'admin' && wanted ? wanted : ADMIN_HOME;
  return LOGIN;
}
