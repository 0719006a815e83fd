/** Where the catalogue screens live (docs/spec/admin.md §2). */
export const CALIBRATION_LIST = '/admin/calibration_management';
export const VO2_LIST = '/admin/vo2_max_management';
export const CHANNEL_LIST = '/admin/channel_management';

/** reps_or_time: 1 reps, 2 time (docs/spec/admin.md §9). */
export const REPS_OR_TIME_LABEL: Record<number, string> = { 1: 'Reps', 2: 'Time (seconds)' };

/** A VO2 range in words, as the server's messages put it: "up to 32.9", "33 to 36.4", "52.5 and above". */
export function describeRange(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'every score';
  if (min === null) return `up to ${max}`;
  if (max === null) return `${min} and above`;
  return `${min} to ${max}`;
}
