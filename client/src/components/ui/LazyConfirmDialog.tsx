import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './Modal.tsx';

// Radix's alert dialog, with its focus trap and scroll lock, is about 17 KB gzipped: fetched when first asked for.
const ConfirmDialog = lazy(async () => ({ default: (await import('./Modal.tsx')).ConfirmDialog }));

/**
 * ConfirmDialog for a screen that only sometimes asks (the phase runner's restart and skip): nothing is downloaded
 * until the question first opens, so the screen's first paint does not wait for it.
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
