/** The admin the browser-test server creates from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: 'e2e-admin@evolution.local', password: 'e2e-admin-pass-123' } as const;

/** The demo member seeded with DEMO_SEED=1 (server/src/db/seed.ts): subscribed and past setup. */
export const DEMO_MEMBER = { email: 'member@evolution.local', password: 'member-demo-123' } as const;
