// Survey import timing (issue 7): 100k-row CSV of the big demo project, half matched by id, half by location.
// Usage: npx tsx bench/editor-import-timing.ts
import { createTestApp } from '../tests/support/api-app';
const t = await createTestApp({ scale: 1 });
const {
  rows: [p],
} = await t.db.query<{ project_id: number; client_id: number }>(`SELECT project_id, client_id FROM projects WHERE name = 'Avocado survey – autumn'`);
const { rows: trees } = await t.db.query<{ tree_id: number; lon: number; lat: number }>(
  `SELECT tree_id, lon, lat FROM trees WHERE client_id = $1 ORDER BY tree_id LIMIT 100000`,
  [p.client_id],
);
const M = 1 / 111320;
const lines = ['tree_id,lon,lat,tree_status,n_mean,p_mean,k_mean,n_label,p_label,k_label,canopy_diameter,biomass'];
trees.forEach((tr, i) => {
  const v = `${i % 5},${(2 + (i % 7) / 10).toFixed(2)},0.12,0.9,Optimal,Low,High,${(4 + (i % 9) / 10).toFixed(1)},${100 + (i % 50)}`;
  lines.push(i % 2 ? `${tr.tree_id},,,${v}` : `,${tr.lon + 0.3 * M},${tr.lat - 0.3 * M},${v}`);
});
const csv = lines.join('\n');
await new Promise((r) => setTimeout(r, 3000));
let s = 0;
for (let run = 0; run < 2; run++) {
  s = performance.now();
  const res = await t.as('admin', { method: 'POST', url: `/api/admin/projects/${p.project_id}/import`, payload: csv, headers: { 'content-type': 'text/csv' } });
  console.log(
    `import run ${run + 1}: ${res.statusCode} in ${Math.round(performance.now() - s)} ms`,
    JSON.stringify({ obs: res.json().observations, ms: res.json().ms, t: res.json().timings_ms }),
  );
}
s = performance.now();
const g = await t.as('admin', { method: 'GET', url: `/api/admin/data/clients/${p.client_id}` });
console.log('GET client data ms', Math.round(performance.now() - s), 'MB', (g.body.length / 1e6).toFixed(1));
await t.close();
