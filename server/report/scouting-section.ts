// The PDF report's "Scouting" section (issue 36): the survey's standing records counted by category (with how
// many are of high severity), then the list (when, what, where, who, the note), the first 500 of them.
import type { TFunction } from 'i18next';
import { escapeXml as esc } from '../../src/domain/markup';
import { SEVERITY_NAMES, type RecordFileRow } from '../../src/domain/scouting-names';
import type { ReportLanguage } from './texts';

export const REPORT_RECORDS_MAX = 500;

export function scoutingSection(rows: readonly RecordFileRow[], lng: ReportLanguage, t: TFunction): string {
  const k = (key: string, o?: Record<string, unknown>) => esc(t(`scouting.report.${key}`, o));
  if (!rows.length) return `<section data-section="scouting"><h2>${k('title')}</h2><p>${k('none')}</p></section>`;
  const nf = new Intl.NumberFormat(lng === 'he' ? 'he-IL' : 'en-GB');
  const issue = (r: RecordFileRow) => (lng === 'he' ? r.issue_he : r.issue_en) ?? '—';
  const counts = new Map<string, { n: number; high: number }>();
  for (const r of rows) {
    const c = counts.get(issue(r)) ?? { n: 0, high: 0 };
    c.n++;
    if (r.severity === 3) c.high++;
    counts.set(issue(r), c);
  }
  const byCategory = [...counts.entries()]
    .sort((a, b) => b[1].n - a[1].n)
    .map(([name, c]) => `<tr><td><bdi>${esc(name)}</bdi></td><td class="num">${nf.format(c.n)}</td><td class="num">${nf.format(c.high)}</td></tr>`)
    .join('');
  const when = (d: Date | string) =>
    new Date(d).toLocaleString(lng === 'he' ? 'he-IL' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jerusalem' });
  const where = (r: RecordFileRow) => [r.plot_name, r.row_num, r.tree_num].map((x) => (x === null ? '—' : String(x))).join(' · ');
  const list = rows
    .slice(0, REPORT_RECORDS_MAX)
    .map(
      (r) =>
        `<tr><td><bdi dir="ltr">${esc(when(r.observed_at))}</bdi></td><td><bdi>${esc(issue(r))}</bdi></td><td>${esc(r.severity ? SEVERITY_NAMES[lng][r.severity as 1 | 2 | 3] : '—')}</td>` +
        `<td><bdi>${esc(where(r))}</bdi></td><td><bdi>${esc(r.author_name)}</bdi></td><td><bdi>${esc(r.note)}</bdi></td></tr>`,
    )
    .join('');
  const more = rows.length > REPORT_RECORDS_MAX ? `<p class="hint">${k('more', { shown: REPORT_RECORDS_MAX, count: rows.length })}</p>` : '';
  return (
    `<section data-section="scouting"><h2>${k('title')}</h2><h3>${k('byCategory')}</h3>` +
    `<table><thead><tr><th>${k('category')}</th><th>${k('count')}</th><th>${k('high')}</th></tr></thead><tbody>${byCategory}</tbody>` +
    `<tfoot><tr><td></td><td class="num">${nf.format(rows.length)}</td><td class="num">${nf.format(rows.filter((r) => r.severity === 3).length)}</td></tr></tfoot></table>` +
    `<h3>${k('list')}</h3><table><thead><tr><th>${k('when')}</th><th>${k('category')}</th><th>${k('severity')}</th><th>${k('where')}</th><th>${k('author')}</th><th>${k('note')}</th></tr></thead><tbody>${list}</tbody></table>${more}</section>`
  );
}
