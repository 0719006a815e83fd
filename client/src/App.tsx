import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from './api/queryClient.ts';
import { createTrpcClient, trpc } from './api/trpc.ts';
import { useStartUp } from './auth/actions.ts';
import { Toaster } from './components/ui/Toaster.tsx';
import { useHashPath, useHashSearch } from './router/hashLocation.ts';
import { RouteView } from './router/RouteView.tsx';

function StartUp() {
  useStartUp();
  return null;
}

/** Providers (tRPC, react-query, hash router, toasts) around the guarded route view. */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Router hook={useHashPath} searchHook={useHashSearch}>
          <StartUp />
          <RouteView />
          <Toaster />
        </Router>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
