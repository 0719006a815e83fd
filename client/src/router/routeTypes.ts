import type { ComponentType } from 'react';
import type { AccessFlag } from '@evolution/shared';
import type { BootQueryOptions } from '../api/bootQuery.ts';
import type { TrpcUtils } from '../api/trpc.ts';

// The shapes of the route table (routes.tsx), apart from it: the screens it lists take PageProps without importing it.

/**
 * public: anyone. member: token, role 1 and a user id, then the setup and subscription rules.
 * setup: like member, but only while initial_setup is on. signed-in: token and a user id, any role.
 * admin: token, role 2 and a user id.
 */
type Guard = 'public' | 'member' | 'setup' | 'signed-in' | 'admin';

export interface PageProps {
  params: Record<string, string>;
  route: RouteDef;
}

export interface RouteDef {
  path: string;
  title: string;
  guard: Guard;
  /** Navigation (top bar and side menu) hidden: setup pages and the phase runner. */
  hideNav?: boolean;
  /** The side menu offers no Account Settings submenu here (the upgrade menu). */
  noAccountMenu?: boolean;
  /** Not linked from any menu (the spec's hidden community route). */
  hidden?: boolean;
  /** The access flag the screen needs (spec section 6). */
  feature?: AccessFlag;
  /** A route that only forwards, once its guard has passed. */
  redirect?: (params: Record<string, string>) => string;
  /** The screen's first query, started at boot beside the start-up call when the app opens on this screen. */
  prefetch?: (utils: TrpcUtils, params: Record<string, string>) => BootQueryOptions | null;
}

/** A route's screen (screens.tsx): `preload` (when present) starts the download before it first renders; `loaded` says it is in. */
export type Screen = ComponentType<PageProps> & { preload?: () => Promise<unknown>; loaded?: () => boolean };
