import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { applyUpdate, useUpdateWaiting } from './update.ts';
import './offline.css';

/**
 * "A new version is ready — reload": shown while a new deploy waits. It is taken when the member presses Reload, or
 * on their next move to another screen (the reload then lands on that screen), never under the screen in use.
 */
export function UpdateBanner() {
  const waiting = useUpdateWaiting();
  const [path] = useLocation();
  const shownOn = useRef<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    if (shownOn.current === null) shownOn.current = path;
    else if (shownOn.current !== path) applyUpdate();
  }, [waiting, path]);
  if (!waiting) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version is ready</span>
      <button type="button" className="button button--sm button--primary" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
