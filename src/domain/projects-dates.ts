// Calendar-day arithmetic on YYYY-MM-DD strings. Survey dates are dates, not
// instants: comparing them with `new Date()` would shift by the user's UTC
// offset, so every rule works on whole days counted from 1970-01-01.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const MS_PER_DAY = 86_400_000;

/** Day number of a YYYY-MM-DD (or YYYY-MM-DDT… text); null when it is not a real date. */
export function dayNumber(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = ISO_DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Reject 2023-02-30 and friends instead of rolling over into March.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / MS_PER_DAY);
}

export function isoFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Today's calendar date where the user is (their time zone, or the runtime's). */
export function localToday(now: Date = new Date(), timeZone?: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whole days from `from` to `to` (positive when `to` is later); null if either is not a date. */
export function daysBetween(from: string, to: string | null | undefined): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a;
}
