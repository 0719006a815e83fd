import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { LoginResponse } from '@evolution/shared';
import { createQueryClient } from '../api/queryClient.ts';
import { createTrpcClient, trpc } from '../api/trpc.ts';
import { RouteView } from './RouteView.tsx';

/** For tests: a subscribed, set-up Warrior member as start-up answers them. */
export const testMember: LoginResponse = {
  access_token: 'jwt',
  user_role: 1,
  user_id: 3,
  name: 'Ada',
  email: 'ada@example.com',
  initial_setup: 0,
  initial_setup_step: 3,
  access: { evolution_page: false },
  subscription: {
    active: true,
    channel: { id: 1, name: 'Warrior', short_name: 'warrior' },
    plan: { plan_id: 1 },
    status: 'active',
    current_period_end: null,
    cancel_at_period_end: false,
  },
  evolution_id: 1,
  evolution: 1,
  version: 1,
  phase: 1,
  need_calibration: true,
};

/** For tests: the route view at `path` in memory, with a tRPC client that reaches nothing; answers the location. */
export function renderRouteView(path: string) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient(() => undefined);
  render(
    <trpc.Provider client={createTrpcClient('http://127.0.0.1:9/trpc')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <RouteView />
        </Router>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return location;
}
