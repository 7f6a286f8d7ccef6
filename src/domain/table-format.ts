// Dates, times and counts of the admin tables in the UI's language (admin.md §2: short en-US dates in English;
// the Hebrew locale's own forms in Hebrew). Pure: the tables and their tests read them.
const hebrew = (language: string) => language.startsWith('he');

/**
 * A table's short date (admin.md §2): "Nov 3, 2026" (en-US) in English, the Hebrew locale's own form
 * ("3 בנוב׳ 2026") in Hebrew; N/A (English) or "—" (Hebrew) when missing. Date-only values are calendar days.
 */
export function formatShortDate(value: string | null | undefined, language = 'en'): string {
  const none = hebrew(language) ? '—' : 'N/A';
  if (!value) return none;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return none;
  return d.toLocaleDateString(hebrew(language) ? 'he-IL' : 'en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  });
}

/** A time of day in the UI's language: "2:46:37 PM" in English, "14:46:37" in Hebrew (shown left to right: <bdi dir="ltr">). */
export function formatTime(d: Date, language = 'en'): string {
  return d.toLocaleTimeString(hebrew(language) ? 'he-IL' : 'en-US');
}

/** A count with the UI's thousands separators. */
export function formatCount(n: number, language = 'en'): string {
  return new Intl.NumberFormat(hebrew(language) ? 'he-IL' : 'en-US').format(n);
}
