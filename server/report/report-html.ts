// The printable survey report as one HTML document (issue 14): A4, right to
// left in Hebrew, printed to PDF by Chromium (pdf.ts). Pure: data and texts in,
// markup out. Bars are plain boxes (they print exactly and their numbers stay
// text the reader can copy); the map is the report job's picture.
import type { TFunction } from 'i18next';
import { escapeXml as esc } from '../../src/domain/markup';
import { zoneColumns } from '../../src/domain/zone-columns';
import { barShares, statisticsCharts, type ChartSeries } from '../../src/domain/statistics-charts';
import { CHANGE_KEYS, STATUS_LABELS, type LostRow, type TreeStatistics, type ZoneRow } from '../../workers/geo';
import type { ReportData, ReportSnapshot } from './report-job';
import type { ReportLanguage } from './texts';

export interface ReportHeader {
  farm: string;
  survey: string;
  date: string | null;
  services: string[];
  /** The compared survey (its date), when the report shows the change. */
  compared: { date: string | null } | null;
  generated: string;
}

const STYLE = `
@page { size: A4; margin: 14mm 12mm 16mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: 'DejaVu Sans', 'Noto Sans Hebrew', Arial, sans-serif; font-size: 9pt; color: #1b1f23; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 4mm; }
h2 { font-size: 12pt; margin: 6mm 0 2mm; border-block-end: 0.4mm solid #2e7d32; padding-block-end: 1mm; break-after: avoid; }
h3 { font-size: 10pt; margin: 4mm 0 1.5mm; break-after: avoid; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 5mm; margin: 0; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; }
figure.map { margin: 0; break-inside: avoid; }
figure.map svg { inline-size: 100%; max-block-size: 150mm; display: block; border: 0.3mm solid #ccc; background: #f6f7f4; }
.plot { fill: none; stroke: #111; stroke-width: 1.6; }
.area { fill: none; stroke: #1565c0; stroke-width: 1; stroke-dasharray: 4 2; }
.hint { color: #555; font-size: 8pt; margin: 1mm 0 0; }
.charts { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm 8mm; }
.chart { break-inside: avoid; }
.chart h3 { margin-block-start: 0; }
.bar { display: grid; grid-template-columns: 22mm 1fr 16mm; align-items: center; gap: 2mm; margin-block: 0.6mm; }
.bar__track { block-size: 3.2mm; background: #eee; }
.bar__fill { block-size: 100%; }
.num { text-align: end; font-variant-numeric: tabular-nums; white-space: nowrap; }
table { border-collapse: collapse; inline-size: 100%; margin-block-end: 2mm; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { border: 0.2mm solid #bbb; padding: 0.8mm 1.5mm; text-align: start; vertical-align: top; }
th { background: #eef3ea; }
tfoot td { font-weight: bold; }
td.trees { font-size: 8pt; }
`;

const locale = (lng: ReportLanguage) => (lng === 'he' ? 'he-IL' : 'en-GB');

/** `extra`: sections other areas add after the report's own (issue 36: scouting). */
export function reportHtml(data: ReportData, head: ReportHeader, lng: ReportLanguage, t: TFunction, extra = ''): string {
  const nf = new Intl.NumberFormat(locale(lng));
  const fixed = (d: number) => new Intl.NumberFormat(locale(lng), { minimumFractionDigits: d, maximumFractionDigits: d });
  const int = (v: number) => nf.format(v);
  const dir = lng === 'he' ? 'rtl' : 'ltr';
  const name = (s: string) => `<bdi>${esc(s)}</bdi>`;
  const date = (d: string | null) => (d ? `<bdi dir="ltr">${esc(d)}</bdi>` : esc(t('report.noDate')));
  const plots = data.zones.filter((z) => z.kind === 'plot'),
    areas = data.zones.filter((z) => z.kind === 'area');

  const facts = [
    [t('report.farm'), name(head.farm)],
    [t('report.survey'), name(head.survey)],
    [t('report.date'), date(head.date)],
    [t('report.services'), head.services.map(name).join(', ')],
    [t('report.crops'), data.crops.map(name).join(', ') || '—'],
    [t('info.totalTrees'), int(data.total.total_trees)],
    [t('info.totalPlots'), int(data.total.total_plots)],
    [t('info.totalAreas'), int(data.total.total_irrigation_areas)],
  ]
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`)
    .join('');

  const chart = ({ key, data: rows }: ChartSeries) => {
    const shares = barShares(rows);
    const bars = rows
      .map(
        (r, i) =>
          `<div class="bar"><span>${esc(r.label)}</span><span class="bar__track"><span class="bar__fill" style="display:block;inline-size:${100 * shares[i]}%;background:${r.colour}"></span></span><span class="num">${int(r.count)}</span></div>`,
      )
      .join('');
    return `<div class="chart" data-chart="${key}"><h3>${esc(t(`charts.${key}`))}</h3>${bars}</div>`;
  };

  const statusTable = (rows: ZoneRow[], title: string) => {
    if (!rows.length) return '';
    const counts = (s: TreeStatistics) => STATUS_LABELS.map((_, code) => `<td class="num">${int(s.status_counts[code]?.count ?? 0)}</td>`).join('');
    const headRow = `<tr><th>${esc(t('zones.cols.name'))}</th><th>${esc(t('zones.cols.trees'))}</th>${STATUS_LABELS.map((_, c) => `<th>${esc(t(`status.${c}`))}</th>`).join('')}</tr>`;
    const body = rows.map((z) => `<tr><td>${name(z.name)}</td><td class="num">${int(z.stats.total_trees)}</td>${counts(z.stats)}</tr>`).join('');
    const total = `<tr><td>${esc(t('report.total'))}</td><td class="num">${int(data.total.total_trees)}</td>${counts(data.total)}</tr>`;
    return `<h2>${esc(title)}</h2><table><thead>${headRow}</thead><tbody>${body}</tbody><tfoot>${total}</tfoot></table>`;
  };

  const measureTable = (rows: ZoneRow[], title: string) => {
    if (!rows.length) return '';
    const cols = zoneColumns(false).filter((c) => c.key.endsWith('_mean'));
    const cell = (z: ZoneRow, key: string) => {
      const mean = cols.find((c) => c.key === key)!,
        sd = zoneColumns(false).find((c) => c.key === key.replace('_mean', '_sd'))!;
      const m = mean.get(z),
        s = sd.get(z);
      return typeof m === 'number'
        ? `<bdi dir="ltr">${fixed(mean.digits ?? 2).format(m)}${typeof s === 'number' ? ` ± ${fixed(mean.digits ?? 2).format(s)}` : ''}</bdi>`
        : '—';
    };
    const heads = ['n', 'p', 'k', 'vitality', 'canopy'].map((m) => `<th>${esc(t(`zones.cols.${m}`))}</th>`).join('');
    const body = rows.map((z) => `<tr><td>${name(z.name)}</td>${cols.map((c) => `<td class="num">${cell(z, c.key)}</td>`).join('')}</tr>`).join('');
    return `<h2>${esc(title)}</h2><table><thead><tr><th>${esc(t('zones.cols.name'))}</th>${heads}</tr></thead><tbody>${body}</tbody></table>`;
  };

  const changeSection = () => {
    if (!data.change || !head.compared) return '';
    const keys = CHANGE_KEYS.filter((k) => k !== 'unknown');
    const signed = (v: number | null | undefined, d: number) => (typeof v === 'number' ? `<bdi dir="ltr">${v > 0 ? '+' : ''}${fixed(d).format(v)}</bdi>` : '—');
    const row = (label: string, counts: number[], vit: number | null, can: number | null) =>
      `<tr><td>${label}</td>${keys.map((k) => `<td class="num">${int(counts[CHANGE_KEYS.indexOf(k)] ?? 0)}</td>`).join('')}<td class="num">${signed(vit, 3)}</td><td class="num">${signed(can, 2)}</td></tr>`;
    const heads = `<tr><th>${esc(t('zones.cols.name'))}</th>${keys.map((k) => `<th>${esc(t(`change.${k}`))}</th>`).join('')}<th>${esc(t('zones.cols.vitalityChange'))}</th><th>${esc(t('zones.cols.canopyChange'))}</th></tr>`;
    const body = data.zones
      .filter((z) => z.change)
      .map((z) => row(name(z.name), z.change!.counts, z.change!.vitality, z.change!.canopy))
      .join('');
    const total = row(esc(t('report.total')), data.change.counts, data.change.vitality, data.change.canopy);
    return (
      `<section><h2>${esc(t('report.change', { date: head.compared.date ?? t('report.noDate') }))}</h2><p class="hint">${esc(t('report.changeHint'))}</p>` +
      `<table><thead>${heads}</thead><tbody>${body}</tbody><tfoot>${total}</tfoot></table></section>`
    );
  };

  const lostSection = () => {
    const trees = (list: number[], unnumbered: number) =>
      `<bdi dir="ltr">${list.map(int).join(', ')}</bdi>${unnumbered ? ` ${esc(t('report.unnumbered', { count: unnumbered }))}` : ''}`;
    const row = (r: LostRow) =>
      `<tr><td class="num">${r.row === null ? esc(t('report.noRow')) : int(r.row)}</td><td class="trees">${trees(r.dead, r.unnumbered.dead)}</td><td class="trees">${trees(r.missing, r.unnumbered.missing)}</td></tr>`;
    const groups = data.lost
      .map((g) => {
        const title = t('report.lostPlot', { name: g.name ?? t('report.noPlot'), dead: int(g.dead), missing: int(g.missing) });
        return `<h3>${esc(title)}</h3><table><thead><tr><th>${esc(t('report.row'))}</th><th>${esc(t('report.deadTrees'))}</th><th>${esc(t('report.missingTrees'))}</th></tr></thead><tbody>${g.rows.map(row).join('')}</tbody></table>`;
      })
      .join('');
    return `<section><h2>${esc(t('report.lostTrees'))}</h2>${groups || `<p>${esc(t('report.noLost'))}</p>`}</section>`;
  };

  return `<!doctype html><html lang="${lng}" dir="${dir}"><head><meta charset="utf-8"><title>${esc(`${t('report.title')} — ${head.survey}`)}</title><style>${STYLE}</style></head><body>
<header><h1>${esc(t('report.title'))}</h1><dl class="facts">${facts}</dl><p class="hint">${esc(t('report.generated', { date: head.generated }))}</p></header>
${mapFigure(data.snapshot, t)}
<section><h2>${esc(t('report.charts'))}</h2><div class="charts">${statisticsCharts(data.total, t).map(chart).join('')}</div></section>
<section>${statusTable(plots, t('report.byPlot'))}${statusTable(areas, t('report.byArea'))}</section>
<section>${measureTable(plots, t('report.measures'))}${measureTable(areas, t('report.measuresArea'))}</section>
${changeSection()}
${lostSection()}
${extra}
</body></html>`;
}

function mapFigure(s: ReportSnapshot | null, t: TFunction): string {
  if (!s) return '';
  const [x, y, w, h] = s.viewBox;
  // Images are placed from the picture's corner: at world coordinates (tens of millions) Chromium's PDF output
  // dropped them (float precision); the outlines keep theirs, moved by a translation.
  const image = s.trees
    ? `<image href="data:image/png;base64,${s.trees.png}" x="${s.trees.x - x}" y="${s.trees.y - y}" width="${s.trees.width}" height="${s.trees.height}" style="image-rendering:pixelated"/>`
    : '';
  const paths = (list: string[], cls: string) => list.map((d) => `<path class="${cls}" d="${d}"/>`).join('');
  // The aerial photo under everything, when the survey has one (issue 37).
  const photo = s.photo ? `<image href="data:image/jpeg;base64,${s.photo}" x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="none"/>` : '';
  return `<section><h2>${esc(t('report.map'))}</h2><figure class="map"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(t('report.map'))}">${photo}${image}<g transform="translate(${-x} ${-y})">${paths(s.areas, 'area')}${paths(s.plots, 'plot')}</g></svg><figcaption class="hint">${esc(t('report.mapHint'))}</figcaption></figure></section>`;
}

/** Chromium's footer: the page number and count (its own tiny document; classes filled in by Chromium). */
export function reportFooter(lng: ReportLanguage, t: TFunction): string {
  const text = t('report.page', { page: '<span class="pageNumber"></span>', pages: '<span class="totalPages"></span>' });
  return `<div dir="${lng === 'he' ? 'rtl' : 'ltr'}" style="font-family:'DejaVu Sans',Arial,sans-serif;font-size:8pt;color:#555;inline-size:100%;text-align:center">${text}</div>`;
}
