import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient.ts';
import { createTrpcClient, trpc } from './api/trpc.ts';
import { useStartUp } from './auth/actions.ts';
import { authStore, useAuth } from './auth/store.ts';
import { deferredModule, useDeferredModule } from './components/deferredModule.ts';
import { SettleWatch } from './components/settled.ts';
import { useNotices } from './components/ui/notifier.ts';
import { OfflineMarker } from './offline/OfflineMarker.tsx';
import { forgetOnUserChange, persistOptions, refreshRestored } from './offline/persist.ts';
import { UpdateBanner } from './offline/UpdateBanner.tsx';
import { QueueWatch } from './offline/useSubmissionQueue.ts';
import { endPushWithSession } from './push/devicePush.ts';
import { useHashPath, useHashSearch } from './router/hashLocation.ts';
import { RouteView } from './router/RouteView.tsx';

// Radix Toast is not needed to paint the first screen; notices raised before it loads wait in the notifier.
const toaster = deferredModule(() => import('./components/ui/Toaster.tsx'));

/** Mounts the toaster for the first notice (its code comes from the service worker's precache when offline). */
function DeferredToaster() {
  const Toaster = useDeferredModule(toaster, useNotices().length > 0)?.Toaster;
  return Toaster ? <Toaster /> : null;
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

/** Providers (tRPC, react-query with its cache kept on the phone, hash router, toasts) around the guarded route view; without `clients`, it makes its own and runs start-up itself. */
export function App({ clients }: { clients?: AppClients }) {
  const [{ queryClient, trpcClient }] = useState(
    () => clients ?? { queryClient: createQueryClient(), trpcClient: createTrpcClient() },
  );
  const userId = useAuth().user?.user_id ?? null;
  useEffect(() => forgetOnUserChange(queryClient, authStore), [queryClient]);
  useEffect(() => endPushWithSession(authStore), []);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      {/* One persisted cache per signed-in user: a change of user starts from that user's own. */}
      <PersistQueryClientProvider
        key={userId ?? 'none'}
        client={queryClient}
        persistOptions={persistOptions(userId)}
        onSuccess={() => refreshRestored(queryClient)}
      >
        <Router hook={useHashPath} searchHook={useHashSearch}>
          {!clients && <StartUp />}
          <OfflineMarker />
          <QueueWatch />
          <UpdateBanner />
          <RouteView />
          <SettleWatch />
          <DeferredToaster />
        </Router>
      </PersistQueryClientProvider>
    </trpc.Provider>
  );
}
