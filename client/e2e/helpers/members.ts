import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { OFFLINE_TEST_CARDS } from '@evolution/shared';
import { test } from 'vitest';
import { E2E_ADMIN } from './accounts.ts';
import { baseUrl, newPage, type TestPage } from './browser.ts';

/** A unique suffix for test emails. */
export const unique = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Fails with the answer's body when a call did not succeed. */
function assertOk(what: string, res: { status: number; json: unknown }): void {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/** Calls the REST API of the server under test. */
export async function api(
  path: string,
  { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export interface TestMember {
  email: string;
  password: string;
  name: string;
  token: string;
}

/** The billing address a subscription registration needs. */
export const ADDRESS = {
  address_line1: '1 Test Street',
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
  telephone: '0113 000 0000',
} as const;

/**
 * A member who registered and subscribed through the API (offline provider, test Visa), warrior monthly by default;
 * with `setupDone` the PAR-Q and fact-find are sent too, so member screens open without the setup detour. With
 * `subscribed: false` the member registers without a plan (POST /register).
 */
export async function createMember({
  setupDone = false,
  planId = 1,
  channelId = 1,
  subscribed = true,
}: { setupDone?: boolean; planId?: number; channelId?: number; subscribed?: boolean } = {}): Promise<TestMember> {
  const email = `member-${unique()}@example.com`;
  const password = 'first-pass-123';
  const name = 'Test Member';
  const account = { email, name, password, confirm_password: password };
  const registered = subscribed
    ? await api('/register/subscription', {
        method: 'POST',
        body: { ...account, ...ADDRESS, channel_id: channelId, plan_id: planId, nonce: OFFLINE_TEST_CARDS.visa },
      })
    : await api('/register', { method: 'POST', body: account });
  assertOk(subscribed ? 'register/subscription' : 'register', registered);
  const token = registered.json.access_token as string;
  if (setupDone) {
    const questions = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`question${n}`, 0]));
    const parq = await api('/user/application_details', {
      method: 'POST',
      token,
      body: { ...questions, date: new Date().toISOString().slice(0, 10), e_signature: name },
    });
    assertOk('application_details', parq);
    const factFind = await api('/user/fact_finding_details', {
      method: 'POST',
      token,
      body: {
        date_of_birth: '1990-01-01',
        height: 70,
        weight: 80,
        wrist_circumference: 7,
        ankle_circumference: 9,
        desired_aesthetic: 'Warrior',
        food_preference: 'Vegan',
        waking_time: '06:00',
        work_start: '09:00',
        break_time_start_finish: '30 minutes',
        work_finish: '17:00',
        time_of_slumber: '22:00',
        physical_activities: 'Running',
      },
    });
    assertOk('fact_finding_details', factFind);
  }
  return { email, password, name, token };
}

/** A test that takes `member`, a new subscribed member with setup done (see createMember), as a fixture. */
export const memberTest = test.extend<{ member: TestMember }>({
  // oxlint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none.
  member: async ({}, use) => {
    await use(await createMember({ setupDone: true }));
  },
});

/** Signs in through the login screen and waits to leave it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'INITIATE' }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
}

/** A fresh page (see newPage) with `account` signed in through the login screen. */
export async function signedInPage(
  browser: Browser,
  account: { email: string; password: string },
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const opened = await newPage(browser, options);
  await signIn(opened.page, account.email, account.password);
  return opened;
}

/** The browser tests' admin's bearer token, to arrange and read data through the API. */
export async function adminToken(): Promise<string> {
  const res = await api('/login', { method: 'POST', body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  assertOk('The admin sign-in', res);
  return res.json.access_token as string;
}

/** The member's user id, as GET /user answers it. */
export async function userIdOf(member: { token: string }): Promise<number> {
  const res = await api('/user', { token: member.token });
  assertOk('GET /user', res);
  return res.json.user_id as number;
}

/** Whether these credentials sign in through the API. */
export async function canLogIn(email: string, password: string): Promise<boolean> {
  return (await api('/login', { method: 'POST', body: { email, password } })).status === 200;
}
