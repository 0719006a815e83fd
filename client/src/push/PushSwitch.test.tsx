import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PUSH_TEXT, PushSwitch, type PushServer } from './PushSwitch.tsx';
import { keyBytes, type DeviceSubscription } from './devicePush.ts';

// The switch against a stand-in of the browser's push (jsdom has none: Notification, PushManager and the service
// worker registration are the browser's, faked here) and an in-memory server that keeps who owns which endpoint.

const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const DESCRIPTION = "Your coach's replies appear on this device.";

interface SubscribeOptions {
  userVisibleOnly: boolean;
  applicationServerKey: Uint8Array;
}

/** A browser PushSubscription made with a server key; unsubscribing it leaves the browser without one. */
class FakeSubscription {
  unsubscribed = false;
  readonly endpoint: string;
  readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  constructor(endpoint: string, key: Uint8Array) {
    this.endpoint = endpoint;
    this.options = { userVisibleOnly: true, applicationServerKey: key.slice().buffer };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPp256dh', auth: 'auth-secret' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    if (browser.subscription === this) browser.subscription = null;
    return true;
  }
}

interface Browser {
  permission: NotificationPermission;
  /** What the permission prompt answers. */
  prompt: NotificationPermission;
  subscription: FakeSubscription | null;
  /** Each pushManager.subscribe() call's options. */
  subscribeCalls: SubscribeOptions[];
  permissionPrompts: number;
}

let browser: Browser;
let endpoints = 0;

function installBrowser({ push = true } = {}) {
  browser = { permission: 'default', prompt: 'granted', subscription: null, subscribeCalls: [], permissionPrompts: 0 };
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: SubscribeOptions) => {
      browser.subscribeCalls.push(options);
      browser.subscription = new FakeSubscription(
        `https://push.example.com/device-${++endpoints}`,
        options.applicationServerKey,
      );
      return browser.subscription;
    },
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  const notification = {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.permissionPrompts += 1;
      return (browser.permission = browser.prompt);
    },
  };
  Object.assign(window, { Notification: notification });
  if (push) Object.assign(window, { PushManager: class {} });
}

/** The server's side, kept in memory: which account has which endpoint (the signed-in one is 'me'). */
function memoryServer(
  owners = new Map<string, string>(),
): PushServer & { owners: Map<string, string>; registered: DeviceSubscription[] } {
  const registered: DeviceSubscription[] = [];
  return {
    owners,
    registered,
    key: async () => SERVER_KEY,
    isMine: async (endpoint) => owners.get(endpoint) === 'me',
    register: async (subscription) => {
      registered.push(subscription);
      owners.set(subscription.endpoint, 'me');
    },
    forget: async (endpoint) => {
      if (owners.get(endpoint) === 'me') owners.delete(endpoint);
    },
  };
}

const theSwitch = () => screen.getByRole('switch', { name: PUSH_TEXT.label });

beforeEach(() => installBrowser());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});

describe('the "Notifications on this device" switch', () => {
  it('turns on: asks permission, subscribes with the server key, registers the device', async () => {
    const server = memoryServer();
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch()).toHaveProperty('disabled', false));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(DESCRIPTION)).toBeTruthy();

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(browser.permissionPrompts).toBe(1);
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(browser.subscribeCalls[0]!.userVisibleOnly).toBe(true);
    expect([...browser.subscribeCalls[0]!.applicationServerKey]).toEqual([...keyBytes(SERVER_KEY)]);
    expect(server.registered).toEqual([
      { endpoint: 'https://push.example.com/device-' + endpoints, keys: { p256dh: 'BPp256dh', auth: 'auth-secret' } },
    ]);
  });

  it('turns off: ends the browser subscription and tells the server', async () => {
    browser.permission = 'granted';
    browser.subscription = new FakeSubscription('https://push.example.com/mine', keyBytes(SERVER_KEY));
    const own = browser.subscription;
    const server = memoryServer(new Map([['https://push.example.com/mine', 'me']]));
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(own.unsubscribed).toBe(true);
    expect(server.owners.has('https://push.example.com/mine')).toBe(false);
  });

  it('shows off for a subscription the server has for another account (a shared phone), and on takes it over', async () => {
    browser.permission = 'granted';
    browser.subscription = new FakeSubscription('https://push.example.com/shared', keyBytes(SERVER_KEY));
    const server = memoryServer(new Map([['https://push.example.com/shared', 'someone else']]));
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch()).toHaveProperty('disabled', false));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    // The same browser subscription, registered again: no second one was made.
    expect(browser.subscribeCalls).toEqual([]);
    expect(server.owners.get('https://push.example.com/shared')).toBe('me');
  });

  it("replaces a browser subscription made with another server key (the server's keys changed)", async () => {
    browser.permission = 'granted';
    const stale = new FakeSubscription('https://push.example.com/stale', new Uint8Array(65).fill(4));
    browser.subscription = stale;
    const server = memoryServer();
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch()).toHaveProperty('disabled', false));
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(stale.unsubscribed).toBe(true);
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(server.registered.map((r) => r.endpoint)).toEqual([browser.subscription!.endpoint]);
  });

  it('says plainly when the browser has no push, and cannot be switched', async () => {
    Reflect.deleteProperty(window, 'PushManager');
    render(<PushSwitch server={memoryServer()} description={DESCRIPTION} />);
    expect(await screen.findByText(PUSH_TEXT.unsupported)).toBeTruthy();
    expect(theSwitch()).toHaveProperty('disabled', true);
  });

  it('says plainly when notifications are blocked in the browser, and cannot be switched', async () => {
    browser.permission = 'denied';
    render(<PushSwitch server={memoryServer()} description={DESCRIPTION} />);
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeTruthy();
    expect(theSwitch()).toHaveProperty('disabled', true);
  });

  it('stays off when the permission prompt is refused or dismissed, and says so', async () => {
    const server = memoryServer();
    browser.prompt = 'default';
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch()).toHaveProperty('disabled', false));
    fireEvent.click(theSwitch());
    expect(await screen.findByText(PUSH_TEXT.dismissed)).toBeTruthy();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');

    browser.prompt = 'denied';
    fireEvent.click(theSwitch());
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeTruthy();
    expect(theSwitch()).toHaveProperty('disabled', true);
    expect(server.registered).toEqual([]);
  });

  it('stays off and says why when the server refuses the device', async () => {
    const server = {
      ...memoryServer(),
      register: async () =>
        Promise.reject(Object.assign(new Error('The endpoint must be an https URL.'), { data: { httpStatus: 422 } })),
    };
    render(<PushSwitch server={server} description={DESCRIPTION} />);
    await waitFor(() => expect(theSwitch()).toHaveProperty('disabled', false));
    fireEvent.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${PUSH_TEXT.failedOn}: The endpoint must be an https URL.`,
    );
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
