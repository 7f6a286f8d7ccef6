import { dayNumber } from './projects-dates';

// Dates and numbers per interface language (Intl). A survey date is a
// calendar day: format it in UTC so no time zone can move it to another day.

const locale = (lang: string) => (lang.startsWith('he') ? 'he-IL' : 'en-GB');

export function formatDay(iso: string | null | undefined, lang: string, style: 'medium' | 'short' | 'long' = 'medium'): string | null {
  const d = dayNumber(iso);
  if (d === null) return null;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: style, timeZone: 'UTC' }).format(new Date(d * 86_400_000));
}

export function formatNumber(n: number, lang: string, opts?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(lang), opts).format(n);
}

/** A percentage-point change with its sign: "+1.8", "−3.9", "0.0". */
export function formatChangePp(pp: number, lang: string): string {
  return formatNumber(Math.abs(pp) < 0.05 ? 0 : pp, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
}

export function formatShare(share: number, lang: string): string {
  return formatNumber(share, lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "November 2026" / "נובמבר 2026". */
export function formatMonth(year: number, month: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** Narrow weekday names from Sunday: א׳ ב׳ … ש׳ in Hebrew, S M T … in English. */
export function weekdayLetters(lang: string, weekStartsOn = 0): string[] {
  const f = new Intl.DateTimeFormat(locale(lang), { weekday: 'narrow', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2023, 0, 1 + ((i + weekStartsOn) % 7)))));
}

/** A size on the device in the user's language: "6.7 MB" / "6.7 מ״ב" (decimal units, as phones show storage). */
export function formatBytes(bytes: number, lang: string): string {
  const [unit, div] = bytes >= 1e9 ? ['gigabyte', 1e9] : bytes >= 1e6 ? ['megabyte', 1e6] : ['kilobyte', 1e3];
  const opts = { maximumFractionDigits: bytes / div < 10 ? 1 : 0 };
  // ICU's Hebrew short units are the Latin ones ("MB"); Hebrew writes them as abbreviations of its own.
  if (lang.startsWith('he')) return `${formatNumber(bytes / div, lang, opts)} ${HEBREW_BYTES[unit]}`;
  return formatNumber(bytes / div, lang, { ...opts, style: 'unit', unit, unitDisplay: 'short' });
}
const HEBREW_BYTES: Record<string, string> = { kilobyte: 'ק״ב', megabyte: 'מ״ב', gigabyte: 'ג״ב' };

/** How long ago, in words: "3 hours ago" / "לפני 3 שעות" (minutes, hours, then days). */
export function formatAgo(thenMs: number, nowMs: number, lang: string): string {
  const f = new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' });
  const minutes = Math.round((thenMs - nowMs) / 60_000);
  if (Math.abs(minutes) < 60) return f.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return f.format(hours, 'hour');
  return f.format(Math.round(hours / 24), 'day');
}
