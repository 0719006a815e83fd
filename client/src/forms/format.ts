const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const LONG = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const longDate = new Intl.DateTimeFormat('en-GB', LONG);
const calendarDay = new Intl.DateTimeFormat('en-GB', { ...LONG, timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** £29.99 (plans are priced in pounds). */
export const formatPounds = (amount: number): string => pounds.format(amount);

/** '1 month' → 'per month'; '3 months' → 'every 3 months'. */
export function formatDuration(duration: string): string {
  const m = /^\s*(\d+)\s+(\w+?)s?\s*$/.exec(duration);
  if (!m) return duration;
  return m[1] === '1' ? `per ${m[2]}` : `every ${m[1]} ${m[2]}s`;
}

/**
 * A decimal as typed with a comma read as its point ('72,5' is '72.5'): a phone set to a comma region offers only ','
 * on its decimal keypad. Anything else is left as it is, for the form's own message.
 */
export const decimalPoint = (typed: string): string => (/^\d*,\d*$/.test(typed) ? typed.replace(',', '.') : typed);

/**
 * An ISO date-time as '12 March 2026' on the viewer's calendar, or a date (YYYY-MM-DD: a birthday, a PAR-Q's date) as
 * that very day wherever the viewer is; null when absent or unreadable.
 */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  // A date alone parses as UTC midnight: in the viewer's zone it would be the day before, west of Greenwich.
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? calendarDay.format(d) : longDate.format(d);
}

/** A moment as '3 Mar 2026, 14:05' in the viewer's time zone (the audit log, and a member's list of reads of their data). */
export const formatWhen = (iso: string): string => dateTime.format(new Date(iso));

/** Today in the member's own time zone as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
