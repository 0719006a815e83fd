import { useSyncExternalStore } from 'react';

/**
 * The admin's file uploads still on their way (MediaUploadField): an edit form's Save waits for them, or the record
 * would be saved without the file and the upload cut as the screen left. One admin form is on screen at a time.
 */
let inFlight = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Counts an upload as started; answers its end, which counts once however often it is called. */
export function uploadStarted(): () => void {
  inFlight += 1;
  changed();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
    changed();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const anyInFlight = () => inFlight > 0;

/** Whether any upload is on its way, kept current. */
export function useUploadsInFlight(): boolean {
  return useSyncExternalStore(subscribe, anyInFlight);
}
