import { useState } from 'react';
import { useLocation } from 'wouter';
import { FLAG_STATUS, TOAST_MS, type FlagDto, type FlagSaved } from '@evolution/shared';
import { useLiveEvents } from '../../api/live.ts';
import { toast } from '../../components/ui/notifier.ts';

/** Calls `onFlagChange` with the flag's id whenever a flag changes anywhere (a reply, a close, a new flag). */
export function useFlagLive(onFlagChange: (id: number) => void): void {
  useLiveEvents((event) => {
    if (event.topic === 'flag') onFlagChange(event.id);
  });
}

/** The part of a tRPC close mutation a flag screen uses. */
interface CloseMutation {
  mutate: (
    input: { id: number },
    callbacks: { onSuccess: (saved: { message: string }) => void; onError: () => void },
  ) => void;
}

/** The member's (`utils.flags`) or the coaches' (`utils.admin.flags`) cached flag answers. */
interface FlagCache {
  invalidate: () => Promise<void>;
  get: {
    invalidate: (input: { id: number }) => Promise<void>;
    setData: (input: { id: number }, data: { data: FlagDto }) => unknown;
  };
}

/**
 * What the member's and the coaches' thread screens share: the thread reloads when its flag changes anywhere, and the
 * close question, whose yes toasts the server's message, refreshes the flags and goes back to the list.
 */
export function useFlagThreadScreen({
  id,
  flag,
  close,
  cache,
  list,
}: {
  id: number;
  flag: { data?: { data: FlagDto } | undefined };
  close: CloseMutation;
  cache: FlagCache;
  list: string;
}) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const reload = () => void cache.get.invalidate({ id });
  // A reply's answer is the whole thread: shown as it is, with no second read.
  const showSaved = (saved: FlagSaved) => void cache.get.setData({ id }, { data: saved.data });
  useFlagLive((changed) => {
    if (changed === id) reload();
  });
  const confirmClose = () =>
    close.mutate(
      { id },
      {
        onSuccess: (saved) => {
          toast.success(saved.message, TOAST_MS.apiError);
          setConfirming(false);
          void cache.invalidate();
          navigate(list);
        },
        onError: () => setConfirming(false),
      },
    );
  const data = flag.data?.data;
  const isOpen = data?.status === FLAG_STATUS.open;
  // Open when this screen showed it: the reply box stays (read-only, with what was typed) if it is closed meanwhile.
  // Kept per flag: the screen stays mounted when it moves on to another flag.
  const [openedHere, setOpenedHere] = useState<number | null>(null);
  if (isOpen && openedHere !== id) setOpenedHere(id);
  const replyShown = isOpen || openedHere === id;
  return { data, isOpen, replyShown, showSaved, confirming, setConfirming, confirmClose };
}
