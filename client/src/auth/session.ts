import type { AccessMap, LoginResponse, SubscriptionSummary } from '@evolution/shared';

/** The signed-in user as kept in local storage under `user`. */
export interface StoredUser {
  user_id: number;
  user_role: 1 | 2;
  name: string;
  email: string;
  initial_setup: 0 | 1;
  initial_setup_step: number;
}

/** The member's programme state, kept under `evolution` (members only). */
interface StoredEvolution {
  evolution_id: number;
  evolution: number;
  version: number;
  phase: number;
  need_calibration: boolean;
}

/** Everything spec section 4 persists: token, user, evolution, access and subscription. */
export interface Session {
  token: string | null;
  user: StoredUser | null;
  evolution: StoredEvolution | null;
  access: AccessMap | null;
  subscription: SubscriptionSummary | null;
}

export const EMPTY_SESSION: Session = { token: null, user: null, evolution: null, access: null, subscription: null };

/** The local storage keys, exactly as the spec names them. */
export const STORAGE_KEYS = ['token', 'user', 'evolution', 'access', 'subscription'] as const;

/** Turns a login (or start-up) response into the stored session; start-up answers carry no token, so the old one stays. */
export function sessionFromResponse(res: LoginResponse, token: string | null): Session {
  const user: StoredUser = {
    user_id: res.user_id,
    user_role: res.user_role,
    name: res.name,
    email: res.email,
    initial_setup: res.initial_setup,
    initial_setup_step: res.initial_setup_step,
  };
  const evolution: StoredEvolution | null =
    res.evolution_id !== undefined
      ? {
          evolution_id: res.evolution_id,
          evolution: res.evolution ?? 1,
          version: res.version ?? 1,
          phase: res.phase ?? 1,
          need_calibration: res.need_calibration ?? false,
        }
      : null;
  return { token: res.access_token ?? token, user, evolution, access: res.access, subscription: res.subscription };
}

function readJson<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Reads the session from local storage; anything unreadable counts as absent. */
export function loadSession(storage: Storage = localStorage): Session {
  return {
    token: storage.getItem('token'),
    user: readJson<StoredUser>(storage, 'user'),
    evolution: readJson<StoredEvolution>(storage, 'evolution'),
    access: readJson<AccessMap>(storage, 'access'),
    subscription: readJson<SubscriptionSummary>(storage, 'subscription'),
  };
}

/** Writes the session to local storage; the token as plain text, the rest as JSON; absent parts are removed. */
export function saveSession(session: Session, storage: Storage = localStorage): void {
  for (const key of STORAGE_KEYS) {
    const value = session[key];
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** The bearer token, read at request time. */
export const storedToken = (): string | null => {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
};

/** Feature access (spec section 4): allowed when the map lacks the key or its value is true; no map, no access. */
export function featureAllowed(access: AccessMap | null | undefined, key: string): boolean {
  if (!access || typeof access !== 'object') return false;
  return !(key in access) || access[key] === true;
}
