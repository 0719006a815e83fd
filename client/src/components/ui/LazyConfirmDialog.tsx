import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LoadBoundary } from '../LoadBoundary.tsx';
import type { ConfirmDialogProps } from './Modal.tsx';

// Radix's alert dialog, with its focus trap and scroll lock, is about 17 KB gzipped: not part of the first paint.
const loadDialog = () => import('./Modal.tsx');
const ConfirmDialog = lazy(async () => ({ default: (await loadDialog()).ConfirmDialog }));

/** Fetches the dialog's code ahead of its first question (the runner calls it once idle, so it works offline later). */
export const preloadConfirmDialog = (): void => void loadDialog().catch(() => undefined);

/** The browser's own confirm, when the dialog's code could not be downloaded: the question is still asked. */
function NativeConfirm({ title, text, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(typeof text === 'string' ? `${title}\n\n${text}` : title)) onConfirm();
    else onOpenChange(false);
  }, [title, text, onConfirm, onOpenChange]);
  return null;
}

/**
 * ConfirmDialog for a screen that only sometimes asks (the phase runner's restart and skip): its code is not needed
 * for the first paint, and nothing renders until the question first opens.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <LoadBoundary fallback={props.open ? <NativeConfirm {...props} /> : null}>
      <Suspense fallback={null}>
        <ConfirmDialog {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
