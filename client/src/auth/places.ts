import { ROLE } from '@evolution/shared/constants';
import type { Session } from './session.ts';

// Where a user belongs, apart from the route table (auth/guard.ts reads that): the screens the table lists import
// these without importing it.

export const LOGIN = '/login';
export const MEMBER_HOME = '/gateway/gateway';
export const ADMIN_HOME = '/admin';
export const UPGRADE_MENU = '/with_menu/upgrade';
export const YOUR_DATA = '/with_menu/your_data';

/** The page of each setup step (step 1 has the questionnaire in two forms). */
export const SETUP_STEP_PAGES: Record<1 | 2, readonly string[]> = {
  1: ['/setup/par-q', '/setup/registered-par-q'],
  2: ['/setup/fact-find'],
};

export type Auth = Pick<Session, 'token' | 'user' | 'access' | 'subscription'>;

export const signedIn = (a: Auth) => Boolean(a.token) && Boolean(a.user?.user_id);
export const isMember = (a: Auth) => signedIn(a) && a.user?.user_role === ROLE.member;
export const isAdmin = (a: Auth) => signedIn(a) && a.user?.user_role === ROLE.admin;

/** Where a signed-in user belongs: members to Ground Zero, admins to /admin, anyone else to /login. */
export function homeFor(auth: Auth): string {
  if (isMember(auth)) return MEMBER_HOME;
  if (isAdmin(auth)) return ADMIN_HOME;
  return LOGIN;
}

/** The route of the member's current setup step (step 1 par-q, step 2 fact-find), or / once setup is off. */
export function setupTarget(auth: Auth): string {
  const user = auth.user;
  if (!user || !user.initial_setup) return '/';
  return SETUP_STEP_PAGES[user.initial_setup_step >= 2 ? 2 : 1][0] as string;
}
