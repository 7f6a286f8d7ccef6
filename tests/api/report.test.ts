// The printable survey report (issue 14): GET /api/projects/{id}/report.pdf is
// read back with poppler's pdftotext (an independent reader) and checked
// against counts recomputed here from SQL: trees per plot by status, the dead
// and missing trees per plot, Hebrew and English headings, page numbers; the
// change section when a survey to compare is given; bad input 400/404.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';

interface PlotCount {
  plot_name: string;
  status: number;
  n: number;
}

let t: TestApp;
let projectId = 0;
let sameFarm = 0;
let otherClientProject = 0;
let counts: PlotCount[] = [];
let projectName = '';
beforeAll(async () => {
  t = await createTestApp({ scale: 0.02 });
  const { rows: p } = await t.db.query<{ project_id: number; client_id: number; name: string }>(
    `SELECT o.project_id, max(pr.client_id)::int AS client_id, max(pr.name) AS name FROM tree_observations o
       JOIN projects pr ON pr.project_id = o.project_id GROUP BY o.project_id ORDER BY count(*) DESC LIMIT 1`,
  );
  ({ project_id: projectId, name: projectName } = p[0]);
  const { rows: s } = await t.db.query<{ project_id: number }>(
    `SELECT pr.project_id FROM projects pr WHERE pr.client_id = $1 AND pr.project_id <> $2
        AND EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = pr.project_id) LIMIT 1`,
    [p[0].client_id, projectId],
  );
  sameFarm = s[0].project_id;
  const { rows: o } = await t.db.query<{ project_id: number }>('SELECT project_id FROM projects WHERE client_id <> $1 LIMIT 1', [p[0].client_id]);
  otherClientProject = o[0].project_id;
  // Each tree once, its first observation (the map's rule), counted per plot and status.
  ({ rows: counts } = await t.db.query<PlotCount>(
    `SELECT pl.plot_name, f.status, count(*)::int AS n FROM (
        SELECT DISTINCT ON (o.tree_id) o.tree_id, COALESCE(o.tree_status, 5)::int AS status
          FROM tree_observations o WHERE o.project_id = $1 ORDER BY o.tree_id, o.observation_id) f
       JOIN trees tr ON tr.tree_id = f.tree_id JOIN plots pl ON pl.plot_id = tr.plot_id
      GROUP BY pl.plot_name, f.status`,
    [projectId],
  ));
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, role: 'admin' | 'grower' | 'grower2' = 'admin') => t.as(role, { method: 'GET', url });

/** The PDF's text as pdftotext reads it (layout kept, so a table row is one line). */
function pdfText(pdf: Buffer): { text: string; pages: number } {
  // Bidi controls poppler adds around right-to-left runs are layout, not text.
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

const plotNames = () => [...new Set(counts.map((c) => c.plot_name))];
const countOf = (plot: string, status: number) => counts.find((c) => c.plot_name === plot && c.status === status)?.n ?? 0;
const en = new Intl.NumberFormat('en-GB');
/** The numbers on a line, ascending (thousands separators dropped). */
const numbersIn = (line: string) => (line.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replace(/,/g, ''))).sort((a, b) => a - b);

describe('GET /api/projects/{id}/report.pdf', () => {
  it('prints the English report: A4 pages numbered, counts per plot and the dead and missing trees as SQL has them', async () => {
    const res = await get(`/api/projects/${projectId}/report.pdf?lang=en`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/report\.pdf/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
    expect(info).toMatch(/Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    const { text, pages } = pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Survey report');
    expect(text).toContain(projectName);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    const total = counts.reduce((s, c) => s + c.n, 0);
    expect(text).toMatch(new RegExp(`Trees\\s+${en.format(total)}\\b`));
    expect(plotNames().length).toBeGreaterThan(1);
    for (const plot of plotNames()) {
      // The status table's row: name, trees, then Healthy … Unknown.
      const row = [0, 1, 2, 3, 4, 5].map((s) => en.format(countOf(plot, s)));
      const all = en.format([0, 1, 2, 3, 4, 5].reduce((s, k) => s + countOf(plot, k), 0));
      const line = new RegExp(`^\\s*${plot}\\s+${all}\\s+${row.join('\\s+')}\\s*$`, 'm');
      expect(text, plot).toMatch(line);
      const dead = countOf(plot, 3),
        missing = countOf(plot, 4);
      if (dead + missing) expect(text).toContain(`${plot}: ${en.format(dead)} dead, ${en.format(missing)} missing`);
    }
    for (const h of ['Farm map', 'Trees by status per plot', 'Dead and missing trees', 'Nitrogen (N)', 'Vitality mean ± sd']) expect(text).toContain(h);
  }, 120_000);

  it('prints the Hebrew report right to left with the Hebrew headings and the same counts', async () => {
    const res = await get(`/api/projects/${projectId}/report.pdf?lang=he`, 'grower');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { text, pages } = pdfText(res.rawPayload);
    for (const h of ['דוח סקר', 'מפת החווה', 'מצב העצים לפי חלקה', 'עצים מתים וחסרים', 'תאריך הסקר']) expect(text).toContain(h);
    // Every page's footer "עמוד p מתוך n" (poppler may print a right-to-left line in either order).
    const footers = text.split('\n').filter((l) => /עמוד/.test(l) && /מתוך/.test(l));
    expect(footers).toHaveLength(pages);
    for (let p = 1; p <= pages; p++) expect(footers.some((l) => numbersIn(l).join() === [p, pages].sort((a, b) => a - b).join())).toBe(true);
    for (const plot of plotNames()) {
      // The status table's row and the dead/missing heading of the plot, as number multisets.
      const statuses = [0, 1, 2, 3, 4, 5].map((s) => countOf(plot, s));
      const lines = text.split('\n').filter((l) => l.includes(plot));
      expect(
        lines.some((l) => numbersIn(l).join() === [statuses.reduce((a, b) => a + b, 0), ...statuses].sort((a, b) => a - b).join()),
        plot,
      ).toBe(true);
      const dead = countOf(plot, 3),
        missing = countOf(plot, 4);
      if (dead + missing)
        expect(
          lines.some((l) => l.includes('מתים') && l.includes('חסרים') && numbersIn(l).join() === [dead, missing].sort((a, b) => a - b).join()),
          plot,
        ).toBe(true);
    }
  }, 120_000);

  it('adds the change since a compared survey of the same farm', async () => {
    const res = await get(`/api/projects/${projectId}/report.pdf?lang=en&compare=${sameFarm}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toMatch(/Change since the survey of/);
    for (const h of ['Newly dead or', 'Declined', 'Improved', 'Vitality']) expect(text).toContain(h);
  }, 120_000);

  it('answers bad input with 400 and surveys the caller may not open with 404', async () => {
    const bad = await get(`/api/projects/${projectId}/report.pdf?lang=fr`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/lang must be one of he, en/);
    expect((await get(`/api/projects/${projectId}/report.pdf?compare=${projectId}`)).statusCode).toBe(400);
    expect((await get(`/api/projects/${projectId}/report.pdf?compare=${otherClientProject}`, 'grower')).statusCode).toBe(404);
    expect((await get(`/api/projects/${projectId}/report.pdf?compare=${otherClientProject}`)).json().message).toMatch(/same farm/);
    expect((await get(`/api/projects/${otherClientProject}/report.pdf`, 'grower')).statusCode).toBe(404);
    expect((await get(`/api/projects/${projectId}/report.pdf`, 'grower2')).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: `/api/projects/${projectId}/report.pdf` })).statusCode).toBe(401);
  }, 60_000);
});
