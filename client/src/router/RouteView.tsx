import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { decideNavigation } from '../auth/guard.ts';
import { authStore, useAuth } from '../auth/store.ts';
import { Spinner } from '../components/ui/Spinner.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { ComingSoon } from '../pages/ComingSoon.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { findRoute, type RouteDef } from '../routes.tsx';

// Signed-in shells (menus, drawers, the live unread count) load with the first signed-in screen, not on a visitor's.
const AdminLayout = lazy(() => import('../layouts/AdminLayout.tsx').then((m) => ({ default: m.AdminLayout })));
const MemberLayout = lazy(() => import('../layouts/MemberLayout.tsx').then((m) => ({ default: m.MemberLayout })));

function Layout({ route, children }: { route: RouteDef; children: ReactNode }) {
  if (route.guard === 'public') return <PublicLayout>{children}</PublicLayout>;
  return (
    <Suspense fallback={<Splash label="Loading" />}>
      {route.guard === 'admin' ? (
        <AdminLayout>{children}</AdminLayout>
      ) : (
        <MemberLayout hideNav={route.hideNav ?? false} accountMenu={!route.noAccountMenu}>
          {children}
        </MemberLayout>
      )}
    </Suspense>
  );
}

function Splash({ label }: { label: string }) {
  return (
    <div className="splash">
      <Spinner label={label} />
    </div>
  );
}

/** Renders the screen of the current hash path once the navigation rules allow it, otherwise redirects. */
export function RouteView() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const auth = useAuth();
  const target = search ? `${path}?${search}` : path;
  const decision = auth.ready ? decideNavigation(auth, target) : null;
  const redirectTo = decision?.kind === 'redirect' ? decision.to : null;
  const clearSession = decision?.kind === 'redirect' && decision.clearSession;

  useLayoutEffect(() => {
    if (redirectTo === null) return;
    if (clearSession) authStore.clear();
    navigate(redirectTo, { replace: true });
  }, [redirectTo, clearSession, navigate]);

  const match = findRoute(path);
  const title = match?.route.title ?? 'Not found';
  useEffect(() => {
    document.title = `${title} · Evolution`;
  }, [title]);

  // After an in-app navigation, move focus to the new screen so keyboard and screen-reader users start there.
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo?.({ top: 0 });
  }, [path]);

  if (!decision || decision.kind === 'redirect') {
    return <Splash label={auth.ready ? 'Redirecting' : 'Loading your session'} />;
  }
  if (!match) {
    return (
      <PublicLayout>
        <NotFound />
      </PublicLayout>
    );
  }
  const { route, params } = match;
  const Page = route.page;
  return (
    <Layout route={route}>
      <Suspense fallback={<Spinner label="Loading" />}>
        {Page ? <Page params={params} route={route} /> : <ComingSoon title={route.title} />}
      </Suspense>
    </Layout>
  );
}
