import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useIsFetching, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient.ts';
import { createTrpcClient, trpc } from './api/trpc.ts';
import { useStartUp } from './auth/actions.ts';
import { useAuth } from './auth/store.ts';
import { whenIdle } from './components/whenIdle.ts';
import { useNotices } from './components/ui/notifier.ts';
import { useHashPath, useHashSearch } from './router/hashLocation.ts';
import { RouteView } from './router/RouteView.tsx';

// Radix Toast is not needed to paint the first screen; notices raised before it loads wait in the notifier.
// A failed download (offline) renders nothing rather than breaking the app.
const Toaster = lazy(() =>
  import('./components/ui/Toaster.tsx').then(
    (m): { default: () => ReactNode } => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** Calls `onSettled` once start-up is done, no call is in flight and the browser is idle; unmounted after that. */
function SettledGate({ onSettled }: { onSettled: () => void }) {
  const { ready } = useAuth();
  const fetching = useIsFetching();
  const settled = ready && fetching === 0;
  useEffect(() => (settled ? whenIdle(onSettled, 5000) : undefined), [settled, onSettled]);
  return null;
}

/**
 * Mounts the toaster for the first notice, or once the first screen has its answers and the browser is idle, so it is
 * ready offline without competing with that screen's own downloads.
 */
function DeferredToaster() {
  const hasNotice = useNotices().length > 0;
  const [settled, setSettled] = useState(false);
  const onSettled = useCallback(() => setSettled(true), []);
  if (!hasNotice && !settled) return <SettledGate onSettled={onSettled} />;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function StartUp() {
  useStartUp();
  return null;
}

/** The clients main.tsx makes at boot, so start-up can ask who is signed in before React renders. */
export interface AppClients {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
}

/** Providers (tRPC, react-query, hash router, toasts) around the guarded route view; without `clients`, it makes its own and runs start-up itself. */
export function App({ clients }: { clients?: AppClients }) {
  const [{ queryClient, trpcClient }] = useState(() => clients ?? { queryClient: createQueryClient(), trpcClient: createTrpcClient() });
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Router hook={useHashPath} searchHook={useHashSearch}>
          {!clients && <StartUp />}
          <RouteView />
          <DeferredToaster />
        </Router>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
