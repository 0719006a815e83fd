import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { readFailure } from '../api/errors.ts';
import { trpc } from '../api/trpc.ts';
import {
  currentSubscription,
  notificationPermission,
  pushSupported,
  subscribeDevice,
  unsubscribeDevice,
  type DeviceSubscription,
} from './devicePush.ts';
import './push.css';

/** What the switch says; a test reads the same texts. */
export const PUSH_TEXT = {
  label: 'Notifications on this device',
  unsupported:
    'This browser cannot show notifications from the app. On an iPhone or iPad, add the app to your Home Screen first (Share, then Add to Home Screen) and turn them on there.',
  denied:
    "Notifications are blocked for this site in your browser's settings. Allow them there, then come back here to turn them on.",
  dismissed: 'Notifications were not allowed. Turn the switch on again to be asked once more.',
  checking: 'Checking this device…',
  failedOn: 'Notifications could not be turned on',
  failedOff: 'Notifications could not be turned off',
} as const;

/** The server's side of this device's registration (the push tRPC calls in the app; a stand-in in tests). */
export interface PushServer {
  key(): Promise<string>;
  /** True when the server has this endpoint for the signed-in account. */
  isMine(endpoint: string): Promise<boolean>;
  register(subscription: DeviceSubscription): Promise<void>;
  forget(endpoint: string): Promise<void>;
}

type State = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/**
 * The "Notifications on this device" switch: on asks the browser's permission, subscribes this browser with the
 * server's key and registers it; off ends the browser's subscription and tells the server. It says plainly when the
 * browser has no push or the permission was refused. `description` says what will arrive.
 */
export function PushSwitch({ server, description }: { server: PushServer; description: string }) {
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const labelId = useId();
  const noteId = useId();
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (notificationPermission() === 'denied') {
      setState('denied');
      return;
    }
    // On only when this browser holds a subscription the server has for this account (another account may have
    // registered it on a shared phone, or the push service dropped it).
    void (async () => {
      const subscription =
        notificationPermission() === 'granted' ? await currentSubscription().catch(() => null) : null;
      const mine = subscription ? await server.isMine(subscription.endpoint).catch(() => false) : false;
      if (mounted.current) setState(mine ? 'on' : 'off');
    })();
    return () => {
      mounted.current = false;
    };
  }, [server]);

  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return setState('denied');
    if (permission !== 'granted') return setNote(PUSH_TEXT.dismissed);
    await server.register(await subscribeDevice(await server.key()));
    setState('on');
  };

  const turnOff = async () => {
    const endpoint = await unsubscribeDevice();
    if (endpoint) await server.forget(endpoint);
    setState('off');
  };

  const toggle = async () => {
    if (busy) return;
    const on = state === 'on';
    setBusy(true);
    setNote(null);
    try {
      await (on ? turnOff() : turnOn());
    } catch (error) {
      const reason = readFailure(error).message || String(error);
      if (mounted.current) setNote(`${on ? PUSH_TEXT.failedOff : PUSH_TEXT.failedOn}: ${reason}`);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const explanation =
    state === 'unsupported'
      ? PUSH_TEXT.unsupported
      : state === 'denied'
        ? PUSH_TEXT.denied
        : state === 'checking'
          ? PUSH_TEXT.checking
          : description;
  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  return (
    <div className="push-switch">
      <div className="push-switch__row">
        <span id={labelId} className="push-switch__label">
          {PUSH_TEXT.label}
        </span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={noteId}
          aria-busy={busy || state === 'checking' || undefined}
          disabled={!usable || busy}
          onClick={() => void toggle()}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text">{on ? 'On' : 'Off'}</span>
        </button>
      </div>
      <div id={noteId} className="push-switch__notes">
        <p className={usable ? 'muted' : 'notice notice--warning'}>{explanation}</p>
        {note && (
          <p className="notice notice--warning" role="alert">
            {note}
          </p>
        )}
      </div>
    </div>
  );
}

/** The push calls of the signed-in account, straight through the tRPC client (nothing of it belongs in the query cache). */
function useTrpcPushServer(): PushServer {
  const { client } = trpc.useUtils();
  const forget = useCallback(
    (endpoint: string) =>
      client.push.unsubscribe.mutate({ endpoint }).then(
        () => undefined,
        // Already gone from the server (the push service reported it, or another account took it over): off is off.
        (error: unknown) => {
          if (readFailure(error).status !== 404) throw error;
        },
      ),
    [client],
  );
  return useMemo(
    () => ({
      key: async () => (await client.push.key.query()).public_key,
      isMine: async (endpoint) => (await client.push.subscription.query({ endpoint })) !== null,
      register: async (subscription) => {
        await client.push.subscribe.mutate(subscription);
      },
      forget,
    }),
    [client, forget],
  );
}

/** The switch wired to this app's server: for a member's Notifications screen and the admins' flag screen. */
export function NotificationsSwitch({ description }: { description: string }) {
  return <PushSwitch server={useTrpcPushServer()} description={description} />;
}
