/**
 * "Active Projects" on the dashboard: projects whose observation date is
 * within the last 90 days or in the future — flights planned, in progress or
 * recently delivered. Projects without a date (not yet scheduled) and older
 * surveys are not active.
 */
export const ACTIVE_WINDOW_DAYS = 90;

export function isActiveProject(observationDate: string | null, today: Date = new Date()): boolean {
  if (!observationDate) return false;
  const day = Date.parse(`${observationDate}T00:00:00Z`);
  if (Number.isNaN(day)) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return day >= todayUtc - ACTIVE_WINDOW_DAYS * 86_400_000;
}
