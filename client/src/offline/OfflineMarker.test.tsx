import { act, render, screen } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OfflineMarker, seenAt } from './OfflineMarker.tsx';

/** A local time (the marker reads the phone's clock): 2026-11-26 at hh:mm. */
const at = (day: number, hh: number, mm: number) => new Date(2026, 10, day, hh, mm, 41).getTime();

describe('seenAt', () => {
  it('says only the time for an answer fetched today', () => {
    expect(seenAt(at(26, 14, 32), at(26, 18, 5))).toBe('14:32');
    expect(seenAt(at(26, 0, 5), at(26, 23, 59))).toBe('00:05');
  });

  it('adds the day for an answer fetched another day', () => {
    expect(seenAt(at(25, 14, 32), at(26, 9, 0))).toBe('25 Nov, 14:32');
    // One minute before midnight is yesterday, however close.
    expect(seenAt(at(25, 23, 59), at(26, 0, 1))).toBe('25 Nov, 23:59');
    expect(seenAt(at(26, 9, 7), new Date(2027, 0, 2, 10, 0).getTime())).toBe('26 Nov, 09:07');
  });
});

/** A screen showing an answer the phone kept, fetched at `fetchedAt`. */
function KeptScreen({ name, fetchedAt }: { name: string; fetchedAt: number }) {
  const { data } = useQuery({
    queryKey: [name],
    queryFn: () => new Promise<string>(() => undefined),
    initialData: name,
    initialDataUpdatedAt: fetchedAt,
    staleTime: Infinity,
  });
  return <p>{data}</p>;
}

function setup(screens: { name: string; fetchedAt: number }[]) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <OfflineMarker />
      {screens.map((s) => (
        <KeptScreen key={s.name} {...s} />
      ))}
    </QueryClientProvider>,
  );
  return { marker: () => screen.queryByRole('status')?.textContent ?? null };
}

const today = (hh: number, mm: number) => new Date().setHours(hh, mm, 0, 0);

describe('the offline marker', () => {
  it('shows only while offline, with the time of the oldest answer on screen', () => {
    const { marker } = setup([
      { name: 'phase', fetchedAt: today(14, 32) },
      { name: 'exercises', fetchedAt: today(15, 10) },
    ]);
    expect(marker()).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(marker()).toBe('Offline: showing what you saw at 14:32');
    act(() => onlineManager.setOnline(true));
    expect(marker()).toBeNull();
  });

  it('says only "Offline" when nothing on screen came from the server', () => {
    const { marker } = setup([]);
    act(() => onlineManager.setOnline(false));
    expect(marker()).toBe('Offline');
  });
});
