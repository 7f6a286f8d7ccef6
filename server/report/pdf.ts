// HTML → PDF with headless Chromium (playwright-core): the browser shapes and
// orders Hebrew text (bidi, fonts through fontconfig) as the app's own pages
// do, which no PDF library here does. One browser per process, started on the
// first report and closed with the app; each report gets its own context with
// JavaScript off and every network request refused (the document is
// self-contained: styles inline, the map as a data: URL).
import { chromium, type Browser } from 'playwright-core';
import { HttpError } from '../http-error';

const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Reports printed at once; more wait (each is one renderer process, ~100 MB). */
const CONCURRENCY = 2;

export class PdfPrinter {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly executablePath: string) {}

  private open(): Promise<Browser> {
    this.browser ??= chromium.launch({ executablePath: this.executablePath, args: ARGS, headless: true }).catch((err: Error) => {
      this.browser = null;
      throw new HttpError(
        503,
        `PDF reports need Chromium at ${this.executablePath} (set CHROMIUM_PATH): ${err.message.split('\n')[0]}`,
        undefined,
        undefined,
        'report_unavailable',
        { path: this.executablePath },
      );
    });
    return this.browser;
  }

  private async slot(): Promise<() => void> {
    if (this.running >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    return () => {
      this.running--;
      this.waiting.shift()?.();
    };
  }

  async print(html: string, footer: string): Promise<Buffer> {
    const release = await this.slot();
    try {
      const browser = await this.open();
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      try {
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footer,
          tagged: true,
          outline: true,
        });
      } finally {
        await context.close();
      }
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await b.then((x) => x.close()).catch(() => undefined);
  }
}
