import {
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import type { QueryClient } from '@tanstack/react-query';
import { holdBootQuery } from '../api/bootQuery.ts';
import type { TrpcUtils } from '../api/trpc.ts';
import { decideNavigation } from '../auth/guard.ts';
import { authStore, useAuth, type AuthState } from '../auth/store.ts';
import { markScreenShown, screenShown } from '../components/settled.ts';
import { Spinner } from '../components/ui/Spinner.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { ComingSoon } from '../pages/ComingSoon.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { findRoute } from '../routes.tsx';
import { screenOf } from '../screens.tsx';
import type { RouteDef } from './routeTypes.ts';
import { lazyScreen } from './lazyScreen.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';

// Signed-in shells (menus, drawers, the live unread count) load with the first signed-in screen, not on a visitor's.
const AdminLayout = lazyScreen(async () => ({ default: (await import('../layouts/AdminLayout.tsx')).AdminLayout }));
const MemberLayout = lazyScreen(async () => ({ default: (await import('../layouts/MemberLayout.tsx')).MemberLayout }));

type Chunk = { preload: () => Promise<unknown>; loaded: () => boolean };

/** The chunks a route's screen needs: its layout's (signed-in screens) and its page's. */
function screenChunks(route: RouteDef): Chunk[] {
  const chunks: Chunk[] = [];
  if (route.guard !== 'public') chunks.push(route.guard === 'admin' ? AdminLayout : MemberLayout);
  const page = screenOf(route);
  if (page?.preload && page.loaded) chunks.push({ preload: page.preload, loaded: page.loaded });
  return chunks;
}

/** Downloads a screen's chunks (again after a failure); answers when each has arrived or failed. */
const loadScreen = (route: RouteDef) => Promise.allSettled(screenChunks(route).map((chunk) => chunk.preload()));

/**
 * Whether the first screen's chunks are in (or failed: ScreenBoundary then offers to try again). Until then the
 * splash stays, rather than the layout with Suspense fallbacks inside: once React has shown a fallback it holds back
 * the reveal of the screen for 300 ms more. Once a screen has rendered, navigations keep the layout and show the
 * page's own spinner.
 */
function useFirstScreenChunks(route: RouteDef | undefined): boolean {
  const [tried, setTried] = useState<RouteDef | null>(null);
  // Set once a screen went past this wait (a ref: setting it must not render the screen again).
  const rendered = useRef(false);
  const missing =
    route && !rendered.current && !screenShown() && tried !== route
      ? screenChunks(route).filter((chunk) => !chunk.loaded())
      : [];
  const waiting = missing.length > 0;
  useEffect(() => {
    if (route && !waiting) rendered.current = true;
  }, [route, waiting]);
  useEffect(() => {
    if (!waiting || !route) return;
    let live = true;
    // In a transition, so the screen renders in slices as it does after start-up (see below).
    void loadScreen(route).then(() => live && startTransition(() => setTried(route)));
    return () => {
      live = false;
    };
  }, [waiting, route]);
  return !waiting;
}

/**
 * Starts downloading the first screen's layout and page at boot, alongside the start-up call that decides whether it
 * may show, and with `boot` the screen's first query in the same request as that call; a visitor without a token bound
 * for a guarded screen is sent to the login, so nothing is fetched for it.
 */
export function preloadScreen(
  path: string,
  auth: Pick<AuthState, 'token'>,
  boot?: { utils: TrpcUtils; queryClient: QueryClient },
): void {
  const match = findRoute(path);
  if (!match) return;
  const { route, params } = match;
  if (route.guard !== 'public' && !auth.token) return;
  const query = boot && route.prefetch?.(boot.utils, params);
  if (boot && query) holdBootQuery(boot.queryClient, query);
  const chunks = () => screenChunks(route).forEach((chunk) => void chunk.preload().catch(() => undefined));
  // With a start-up call on its way, the chunks are asked for just after it leaves (the batch link sends on a zero
  // timeout): over HTTP/1.1's six connections a phone would otherwise queue the call behind them.
  if (boot && auth.token) setTimeout(chunks);
  else chunks();
}

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

/** Rendered beside the page inside its Suspense boundary: its effect runs once the page itself has committed. */
function ScreenShown() {
  useEffect(markScreenShown, []);
  return null;
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

  // When start-up answers, the first screen renders in slices that let the browser breathe (the store's update alone
  // would be one long blocking render of the whole screen); the splash stays until it is ready. Anything else is at once.
  const screen = !decision ? 'loading' : decision.kind;
  const deferred = useDeferredValue(screen);
  const chunksIn = useFirstScreenChunks(screen === 'allow' ? match?.route : undefined);
  const shown = (deferred === 'loading' || !chunksIn) && screen === 'allow' ? 'loading' : screen;
  if (shown !== 'allow') {
    return <Splash label={shown === 'redirect' ? 'Redirecting' : 'Loading your session'} />;
  }
  if (!match) {
    return (
      <PublicLayout>
        <NotFound />
        <ScreenShown />
      </PublicLayout>
    );
  }
  const { route, params } = match;
  const Page = screenOf(route);
  // Two boundaries: a page that fails to download keeps its layout (and menu); a layout that fails shows the message alone.
  return (
    <ScreenBoundary screen={route}>
      <Layout route={route}>
        <ScreenBoundary screen={route}>
          <Suspense fallback={<Spinner label="Loading" />}>
            {Page ? <Page params={params} route={route} /> : <ComingSoon title={route.title} />}
            <ScreenShown />
          </Suspense>
        </ScreenBoundary>
      </Layout>
    </ScreenBoundary>
  );
}
