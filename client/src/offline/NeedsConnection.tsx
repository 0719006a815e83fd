import type { ReactNode } from 'react';
import { useOnline } from './OfflineMarker.tsx';
import './needsConnection.css';

/** Subscribing, changing or cancelling a plan: the payment provider and the server must both answer. */
export const OFFLINE_PAYMENTS =
  'You are offline. Subscribing and payments need a connection: this screen will work again once you are back online.';

/** The admin keeps nothing on the device (a shared office computer): it reads and saves through the server only. */
export const OFFLINE_ADMIN =
  'You are offline. The admin needs a connection: what you see may be out of date, and changes cannot be saved until you are back online.';

/** A screen that cannot work offline says so plainly while the app is offline; nothing while online. */
export function NeedsConnection({ text, className }: { text: ReactNode; className?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className={`notice notice--warning${className ? ` ${className}` : ''}`} role="status">
      {text}
    </p>
  );
}
