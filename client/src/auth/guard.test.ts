import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '@evolution/shared';
import { decideNavigation, postLoginTarget, subscriptionExempt } from './guard.ts';
import { homeFor, setupTarget } from './places.ts';
import { EMPTY_SESSION, featureAllowed, type Session, type StoredUser } from './session.ts';

const activeSub: SubscriptionSummary = {
  active: true,
  channel: { id: 1, name: 'Warrior', short_name: 'warrior' },
  plan: { plan_id: 1 },
  status: 'active',
  current_period_end: '2099-01-01T00:00:00.000Z',
  cancel_at_period_end: false,
};
const inactiveSub: SubscriptionSummary = { ...activeSub, active: false, status: 'canceled' };

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  user_id: 7,
  user_role: 1,
  name: 'Ada',
  email: 'ada@example.com',
  initial_setup: 0,
  initial_setup_step: 3,
  ...over,
});

/** A subscribed member who finished setup, with the evolution page unlocked. */
const member = (over: Partial<Session> = {}): Session => ({
  token: 'tok',
  user: user(),
  evolution: null,
  access: { evolution_page: true, warrior_channel: true, superhuman_channel: true, immortal_channel: false },
  subscription: activeSub,
  ...over,
});
const admin = (over: Partial<Session> = {}): Session => ({
  ...member(),
  user: user({ user_role: 2, user_id: 1 }),
  subscription: { ...inactiveSub, channel: null, plan: null, status: null },
  ...over,
});
const anonymous = EMPTY_SESSION;

const allow = { kind: 'allow' };
const to = (path: string, clearSession = false) => ({ kind: 'redirect', to: path, clearSession });
const login = (target: string) => to(`/login?redirect=${encodeURIComponent(target)}`, true);

describe('/ goes to /login, or to the home of a signed-in user', () => {
  it('sends a visitor to /login', () => expect(decideNavigation(anonymous, '/')).toEqual(to('/login')));
  it('sends a member to Ground Zero', () => expect(decideNavigation(member(), '/')).toEqual(to('/gateway/gateway')));
  it('sends an admin to /admin', () => expect(decideNavigation(admin(), '/')).toEqual(to('/admin')));
  it('treats a token without a user id as signed out', () =>
    expect(decideNavigation({ ...member(), user: null }, '/')).toEqual(to('/login')));
  it('homeFor agrees', () => {
    expect(homeFor(anonymous)).toBe('/login');
    expect(homeFor(member())).toBe('/gateway/gateway');
    expect(homeFor(admin())).toBe('/admin');
  });
});

describe('public routes are open to everyone', () => {
  for (const path of [
    '/login',
    '/register',
    '/forgot_password',
    '/reset-password?token=abc',
    '/signup',
    '/logout',
    '/subscribe/warrior',
    '/upgrade/superhuman',
  ]) {
    it(`allows a visitor on ${path}`, () => expect(decideNavigation(anonymous, path)).toEqual(allow));
  }
  it('lets a member without a subscription open a subscribe page', () =>
    expect(decideNavigation(member({ subscription: inactiveSub }), '/subscribe/immortal')).toEqual(allow));
});

describe('member routes need a token, role 1 and a user id', () => {
  it('allows a subscribed member', () => expect(decideNavigation(member(), '/gateway/gateway')).toEqual(allow));
  it('sends a visitor to /login with the target as redirect, clearing storage', () =>
    expect(decideNavigation(anonymous, '/gateway/gateway')).toEqual(login('/gateway/gateway')));
  it('keeps the query of the target in the redirect', () =>
    expect(decideNavigation(anonymous, '/introduction?type=portal')).toEqual(login('/introduction?type=portal')));
  it('refuses a stored user without a token', () =>
    expect(decideNavigation(member({ token: null }), '/channel-menu')).toEqual(login('/channel-menu')));
  it('refuses a token whose user has no user id', () =>
    expect(decideNavigation(member({ user: user({ user_id: 0 }) }), '/channel-menu')).toEqual(login('/channel-menu')));
  it('refuses an admin on a member route and clears storage', () =>
    expect(decideNavigation(admin(), '/gateway/gateway')).toEqual(login('/gateway/gateway')));
  it('covers account screens and parameterised routes', () => {
    expect(decideNavigation(anonymous, '/with_menu/assistance_flags/12')).toEqual(
      login('/with_menu/assistance_flags/12'),
    );
    expect(decideNavigation(member(), '/user/warrior/calibration/phase')).toEqual(allow);
    expect(decideNavigation(member(), '/superhuman/meal/vegan/6/0')).toEqual(allow);
  });
});

describe('admin routes need role 2 and a user id', () => {
  it('forwards /admin to user management', () =>
    expect(decideNavigation(admin(), '/admin')).toEqual(to('/admin/user_management')));
  it('allows an admin on an admin screen', () =>
    expect(decideNavigation(admin(), '/admin/user_management?page=2')).toEqual(allow));
  it('forwards a user detail to its contact information tab', () =>
    expect(decideNavigation(admin(), '/admin/user/5')).toEqual(to('/admin/user/5/contact_information')));
  it('allows the user detail tabs', () => expect(decideNavigation(admin(), '/admin/user/5/marco_data')).toEqual(allow));
  it('sends a member opening /admin to /login and clears storage', () =>
    expect(decideNavigation(member(), '/admin')).toEqual(login('/admin')));
  it('sends a visitor to /login with the redirect', () =>
    expect(decideNavigation(anonymous, '/admin/meal/add?meal_group=6')).toEqual(login('/admin/meal/add?meal_group=6')));
  it('refuses an admin without a user id', () =>
    expect(decideNavigation(admin({ user: user({ user_role: 2, user_id: 0 }) }), '/admin/settings')).toEqual(
      login('/admin/settings'),
    ));
  it('does not apply member rules (setup, subscription) to admins', () =>
    expect(
      decideNavigation(
        admin({ user: user({ user_role: 2, initial_setup: 1, initial_setup_step: 1 }) }),
        '/admin/settings',
      ),
    ).toEqual(allow));
});

describe('initial setup forces the page of the current step', () => {
  const step = (n: number) =>
    member({ user: user({ initial_setup: 1, initial_setup_step: n }), subscription: inactiveSub });
  it('step 1 forces /setup/par-q', () =>
    expect(decideNavigation(step(1), '/gateway/gateway')).toEqual(to('/setup/par-q')));
  it('step 1 allows /setup/par-q and /setup/registered-par-q', () => {
    expect(decideNavigation(step(1), '/setup/par-q')).toEqual(allow);
    expect(decideNavigation(step(1), '/setup/registered-par-q')).toEqual(allow);
  });
  it('step 1 keeps the member off fact-find', () =>
    expect(decideNavigation(step(1), '/setup/fact-find')).toEqual(to('/setup/par-q')));
  it('step 2 forces /setup/fact-find', () => {
    expect(decideNavigation(step(2), '/with_menu/upgrade')).toEqual(to('/setup/fact-find'));
    expect(decideNavigation(step(2), '/setup/par-q')).toEqual(to('/setup/fact-find'));
    expect(decideNavigation(step(2), '/setup/fact-find')).toEqual(allow);
  });
  it('setup comes before the subscription rule', () =>
    expect(decideNavigation(step(1), '/channel-menu')).toEqual(to('/setup/par-q')));
  it('leaves public routes alone during setup', () => {
    expect(decideNavigation(step(1), '/logout')).toEqual(allow);
    expect(decideNavigation(step(1), '/subscribe/warrior')).toEqual(allow);
  });
  it('sends a member whose setup is off away from setup pages to /', () => {
    expect(decideNavigation(member(), '/setup/par-q')).toEqual(to('/'));
    expect(decideNavigation(member(), '/setup/fact-find')).toEqual(to('/'));
  });
  it('setup pages still need a member', () =>
    expect(decideNavigation(anonymous, '/setup/par-q')).toEqual(login('/setup/par-q')));
  it('setupTarget names the step route, or / once setup is off', () => {
    expect(setupTarget(step(1))).toBe('/setup/par-q');
    expect(setupTarget(step(2))).toBe('/setup/fact-find');
    expect(setupTarget(member())).toBe('/');
  });
});

describe('a member without an active subscription goes to the upgrade menu', () => {
  const lapsed = member({ subscription: inactiveSub });
  it('redirects with the target in the redirect query', () =>
    expect(decideNavigation(lapsed, '/gateway/gateway')).toEqual(
      to(`/with_menu/upgrade?redirect=${encodeURIComponent('/gateway/gateway')}`),
    ));
  it('treats a missing subscription as inactive', () =>
    expect(decideNavigation(member({ subscription: null }), '/with_menu/settings')).toEqual(
      to(`/with_menu/upgrade?redirect=${encodeURIComponent('/with_menu/settings')}`),
    ));
  it('lets them open the upgrade menu itself', () =>
    expect(decideNavigation(lapsed, '/with_menu/upgrade')).toEqual(allow));
  it('exempts subscribe pages, the upgrade menu, par-q, fact-find, logout and login', () => {
    for (const path of [
      '/subscribe/warrior',
      '/upgrade/superhuman',
      '/with_menu/upgrade',
      '/setup/par-q',
      '/setup/registered-par-q',
      '/setup/fact-find',
      '/logout',
      '/login',
    ]) {
      expect(subscriptionExempt(path)).toBe(true);
    }
    for (const path of ['/gateway/gateway', '/channel-menu', '/with_menu/settings', '/evolution', '/introduction']) {
      expect(subscriptionExempt(path)).toBe(false);
    }
  });
  it('still lets them reach Your Data: a copy of their data and deletion are theirs by law', () => {
    expect(decideNavigation(lapsed, '/with_menu/your_data')).toEqual(allow);
  });
});

describe('feature access', () => {
  it('is allowed when the access map lacks the key', () =>
    expect(featureAllowed({ other: false }, 'evolution_page')).toBe(true));
  it('is allowed when the value is true', () =>
    expect(featureAllowed({ evolution_page: true }, 'evolution_page')).toBe(true));
  it('is denied when the value is false', () =>
    expect(featureAllowed({ evolution_page: false }, 'evolution_page')).toBe(false));
  it('is denied with no stored access map', () => expect(featureAllowed(null, 'evolution_page')).toBe(false));
  it('keeps the evolution chamber behind evolution_page', () => {
    expect(decideNavigation(member({ access: { evolution_page: false } }), '/evolution')).toEqual(
      to('/gateway/gateway'),
    );
    expect(decideNavigation(member(), '/evolution')).toEqual(allow);
  });
  it('sends a member without the channel flag to the upgrade menu', () =>
    expect(decideNavigation(member({ access: { superhuman_channel: false } }), '/superhuman/ground-zero')).toEqual(
      to(`/with_menu/upgrade?redirect=${encodeURIComponent('/superhuman/ground-zero')}`),
    ));
  it('leaves macro guidelines open to any signed-in user', () => {
    expect(decideNavigation(member({ access: { superhuman_channel: false } }), '/superhuman/macro-guidelines')).toEqual(
      allow,
    );
    expect(decideNavigation(admin(), '/superhuman/macro-guidelines')).toEqual(allow);
    expect(decideNavigation(anonymous, '/superhuman/macro-guidelines')).toEqual(login('/superhuman/macro-guidelines'));
  });
});

describe('after login', () => {
  it('sends a member to Ground Zero', () => expect(postLoginTarget(member(), null)).toBe('/gateway/gateway'));
  it('sends a member to the redirect query when it is a member route', () =>
    expect(postLoginTarget(member(), '/with_menu/settings')).toBe('/with_menu/settings'));
  it("sends a member who signed in from a channel's plans back to them", () => {
    expect(postLoginTarget(member(), '/subscribe/warrior')).toBe('/subscribe/warrior');
    expect(postLoginTarget(member(), '/upgrade/superhuman')).toBe('/upgrade/superhuman');
    expect(postLoginTarget(member(), '/register')).toBe('/gateway/gateway');
  });
  it('ignores a redirect to an admin route for a member', () =>
    expect(postLoginTarget(member(), '/admin/settings')).toBe('/gateway/gateway'));
  it('ignores a redirect that is not an app path', () => {
    expect(postLoginTarget(member(), 'https://evil.example')).toBe('/gateway/gateway');
    expect(postLoginTarget(member(), '//evil.example')).toBe('/gateway/gateway');
    expect(postLoginTarget(member(), '/nowhere')).toBe('/gateway/gateway');
  });
  it('sends an admin to /admin', () => expect(postLoginTarget(admin(), null)).toBe('/admin'));
  it('sends an admin back to the admin screen they asked for', () =>
    expect(postLoginTarget(admin(), '/admin/user_management?page=3')).toBe('/admin/user_management?page=3'));
  it('never sends an admin to a member route', () =>
    expect(postLoginTarget(admin(), '/gateway/gateway')).toBe('/admin'));
});

describe('unknown paths', () => {
  it('are allowed through to the not-found screen', () =>
    expect(decideNavigation(anonymous, '/no/such/page')).toEqual(allow));
});
