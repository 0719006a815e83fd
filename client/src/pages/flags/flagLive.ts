import { useLiveEvents } from '../../api/live.ts';

/** Calls `onFlagChange` with the flag's id whenever a flag changes anywhere (a reply, a close, a new flag). */
export function useFlagLive(onFlagChange: (id: number) => void): void {
  useLiveEvents((event) => {
    if (event.topic === 'flag') onFlagChange(event.id);
  });
}
