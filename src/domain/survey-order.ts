// Which of two surveys was flown later (the change of a comparison runs from
// the earlier to the later one). Dates are YYYY-MM-DD; a survey without a date
// is never the later one. Used by the project map and the export / zones API.
export const SURVEY_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The observation date of a route or row, or null when it is not a date ("none", empty). */
export const surveyDate = (v: string | null | undefined): string | null => (v && SURVEY_DATE.test(v) ? v : null);

export function isLaterSurvey(date: string | null | undefined, than: string | null | undefined): boolean {
  const a = surveyDate(date),
    b = surveyDate(than);
  return a !== null && b !== null && a > b;
}

/** A survey date (YYYY-MM-DD, a calendar day: read as local midnight, never shifted by a time zone) as the locale writes it. */
export function formatSurveyDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(`${date}T00:00:00`));
}
