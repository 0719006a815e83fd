// The app-wide sheets first, so every screen's and component's own sheet comes after them in the cascade.
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/controls.css';
import './styles/content.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { App, type AppClients } from './App.tsx';
import { createQueryClient } from './api/queryClient.ts';
import { createTrpcClient } from './api/trpc.ts';
import { startUp } from './auth/actions.ts';
import { authStore } from './auth/store.ts';
import { whenSettled } from './components/settled.ts';
import { registerServiceWorker } from './offline/serviceWorker.ts';
import { readHash } from './router/hashLocation.ts';
import { preloadScreen } from './router/RouteView.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// React Query assumes it is online until told otherwise: a phone that opens with no network says so at once, so the
// calls wait for the network (the screens show what the phone kept) instead of failing.
onlineManager.setOnline(navigator.onLine);

// Before the first render: who is signed in, and the first screen's chunks, all on the way at once.
const clients: AppClients = { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
const utils = createTRPCQueryUtils({ queryClient: clients.queryClient, client: clients.trpcClient });
// In one tick, so the start-up call and the first screen's query leave in one batched request.
startUp(() => utils.auth.me.fetch(undefined, { staleTime: 0, retry: false }));
preloadScreen(readHash().path, authStore.get(), { utils, queryClient: clients.queryClient });

// A transition renders in slices that yield to the browser, so the first screen is not one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App clients={clients} />
    </StrictMode>,
  );
});

// The offline app installs once the first screen has settled: its precache download must not compete with that screen.
whenSettled(() => void registerServiceWorker().catch(() => undefined));
