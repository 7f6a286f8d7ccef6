// The project map's main-thread probe and its action sequence (issue 17),
// shared by the long-task browser test (100k demo survey) and bench:render's
// app rows (bench/render-app.ts, ~1M trees): a PerformanceObserver for long
// tasks (over 50 ms without a break) and a count of GPU read-backs (readPixels:
// how deck.gl picks), both per phase; then open a survey, show the trees,
// switch the colour mode, zoom in and out with the wheel and pan by dragging.
import type { Page } from 'playwright-core';
import { waitForMap } from './map-debug';
import { PHASE_MARK } from './task-trace';

export interface LongTask {
  at: number;
  ms: number;
  phase: string;
}
export interface MapProbe {
  tasks: LongTask[];
  phase: string;
  readBacks: Record<string, number>;
  /** Shader programs linked per phase: the main thread waits for each (a software-GL link takes 50-100 ms). */
  links: Record<string, number>;
}
export const MAP_ACTIONS = ['open', 'show trees', 'colour mode', 'zoom in', 'zoom out', 'pan'] as const;

/** Installs the probe in every page the tab loads from now on. */
export async function installMapProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: MapProbe = { tasks: [], phase: 'boot', readBacks: {}, links: {} };
    (window as unknown as { __longTasks: MapProbe }).__longTasks = probe;
    for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
      const read = proto.readPixels as (...a: unknown[]) => void;
      (proto as unknown as { readPixels: (...a: unknown[]) => void }).readPixels = function (this: unknown, ...a: unknown[]) {
        probe.readBacks[probe.phase] = (probe.readBacks[probe.phase] ?? 0) + 1;
        return read.apply(this, a);
      };
      const link = proto.linkProgram as (...a: unknown[]) => void;
      (proto as unknown as { linkProgram: (...a: unknown[]) => void }).linkProgram = function (this: unknown, ...a: unknown[]) {
        probe.links[probe.phase] = (probe.links[probe.phase] ?? 0) + 1;
        return link.apply(this, a);
      };
    }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.tasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration), phase: probe.phase });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The phase of the tasks from now on: in the probe, and as a performance mark for the trace (task-trace.ts). */
export const setPhase = (page: Page, name: string) =>
  page.evaluate(
    ([n, mark]) => {
      (window as unknown as { __longTasks: MapProbe }).__longTasks.phase = n;
      performance.mark(mark + n);
    },
    [name, PHASE_MARK],
  );
export const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: MapProbe }).__longTasks);
/** Longest task of a phase (0: none over 50 ms) and how many there were. */
export const longestTask = (probe: MapProbe, phase: string) => Math.max(0, ...probe.tasks.filter((t) => t.phase === phase).map((t) => t.ms));

/** The map stopped moving; then `afterMs` for the worker's image and labels, which arrive after the move. */
export async function settleMap(page: Page, afterMs: number, timeout = 30_000): Promise<void> {
  await waitForMap(page, 'project', { timeout });
  await page.waitForTimeout(afterMs);
}

/** Opens the survey at `path` and runs MAP_ACTIONS, each in its phase. Returns the map's box (the pointer rests at its centre). */
export async function runMapActions(page: Page, path: string, settle: () => Promise<void>, loadTimeout: number) {
  await page.goto(path);
  // The page's own start (parsing the app, the first React render, MapLibre's set-up) is not the map's work.
  await page.waitForSelector('[data-testid=pm-map]');
  await setPhase(page, 'open');
  await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: loadTimeout });
  await settle();
  await page.getByTestId('pm-btn-layers').click();
  await setPhase(page, 'show trees');
  await page.getByTestId('layer-visible-trees').check();
  await settle();
  await setPhase(page, 'colour mode');
  await page.getByTestId('colour-mode').selectOption('vitality');
  await page.waitForSelector('[data-testid=project-map-page][data-colour-mode=vitality]');
  await settle();
  await page.getByTestId('pm-layers-close').click();
  const box = (await page.getByTestId('pm-map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await setPhase(page, 'zoom in');
  await page.mouse.wheel(0, -300);
  await settle();
  await setPhase(page, 'zoom out');
  await page.mouse.wheel(0, 300);
  await settle();
  await setPhase(page, 'pan');
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 });
  await page.mouse.up();
  await settle();
  return box;
}
