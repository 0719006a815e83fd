import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './Modal.tsx';

// Radix's alert dialog, with its focus trap and scroll lock, is about 17 KB gzipped: not part of the first paint (the
// service worker's precache has it for a phone with no network).
const ConfirmDialog = lazy(async () => ({ default: (await import('./Modal.tsx')).ConfirmDialog }));

/**
 * ConfirmDialog for a screen that only sometimes asks (the phase runner's restart and skip): its code is not needed
 * for the first paint, and nothing renders until the question first opens.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
