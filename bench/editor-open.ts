// Time until the data editor shows Galil Orchards' trees table in Chromium
// (issue 7 follow-up). Usage: npx tsx bench/editor-open.ts http://127.0.0.1:PORT [--json]
import { launchBrowser, loginAs, newPage } from '../tests/support/browser';

const baseURL = process.argv[2];
if (!baseURL) throw new Error('usage: editor-open.ts BASE_URL [--json]');
const browser = await launchBrowser();
const results: number[] = [];
try {
  for (let run = 0; run < 3; run++) {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'admin');
    await page.goto('/admin/data-editor');
    await page.getByTestId('no-client').waitFor();
    const t0 = Date.now();
    await page.getByTestId('client-select').selectOption({ label: 'Galil Orchards' });
    await page.waitForFunction(() => (document.querySelector('[data-testid=stat-trees] .stat-card__value')?.textContent ?? '0') !== '0', null, {
      timeout: 120_000,
    });
    await page.getByTestId('tab-tree').click();
    await page.getByTestId('trees-table').locator('tbody tr').first().waitFor({ timeout: 120_000 });
    results.push(Date.now() - t0);
    await page.context().close();
  }
} finally {
  await browser.close();
}
if (process.argv.includes('--json')) console.log(JSON.stringify({ bench: 'editor-open', ms: results }));
else console.table(results.map((ms, i) => ({ run: i + 1, 'editor table shown (ms)': ms })));
