// The maps' debug handle (src/map/map-debug.ts, `window.__maps[name]`) from a
// Playwright page: the one way browser tests and benchmarks ask a map where a
// lon/lat or a tree is on screen, whether it stands still, and what is selected.
import type { Page } from 'playwright-core';
import type { MapDebug, MapDebugName } from '../../src/map/map-debug';

type Method = keyof MapDebug;
type Maps = { __maps?: Partial<Record<MapDebugName, MapDebug>> };

/** Calls one method of a map's handle with JSON arguments; undefined while the map does not exist. */
export function mapCall<K extends Method>(page: Page, name: MapDebugName, method: K, ...args: Parameters<MapDebug[K]>): Promise<ReturnType<MapDebug[K]>> {
  return page.evaluate(
    ([n, m, a]) => {
      const d = (window as unknown as Maps).__maps?.[n as MapDebugName];
      return d ? (d[m as Method] as (...x: unknown[]) => unknown)(...(a as unknown[])) : undefined;
    },
    [name, method, args] as const,
  ) as Promise<ReturnType<MapDebug[K]>>;
}

/** Waits until the map exists and stands still (`settled`: also its style loaded). */
export async function waitForMap(page: Page, name: MapDebugName, opts: { settled?: boolean; timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    ([n, settled]) => {
      const d = (window as unknown as Maps).__maps?.[n as MapDebugName];
      return !!d && (settled ? d.settled() : !d.isMoving());
    },
    [name, !!opts.settled] as const,
    { timeout: opts.timeout ?? 30_000, polling: 100 },
  );
}

/** A lon/lat's position on the page (CSS pixels), through the map's container. */
export async function pagePoint(page: Page, name: MapDebugName, container: string, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  const box = (await page.locator(container).boundingBox())!;
  const p = await mapCall(page, name, 'project', lngLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** The drawn tree nearest the middle of the project map, in page pixels (every `step`-th tree is looked at). */
export async function middleTreePoint(page: Page, step = 7): Promise<{ x: number; y: number }> {
  await waitForMap(page, 'project');
  const box = (await page.getByTestId('pm-map').boundingBox())!;
  const at = await page.evaluate(
    ([w, h, s]) => {
      const m = (window as unknown as Maps).__maps!.project!;
      let best = { x: 0, y: 0, d: Infinity };
      for (let i = 0, n = m.treeCount(); i < n; i += s) {
        const p = m.treeScreenPoint(i);
        if (!p) continue;
        const d = Math.hypot(p.x - w / 2, p.y - h / 2);
        if (d < best.d) best = { x: p.x, y: p.y, d };
      }
      return best;
    },
    [box.width, box.height, step] as const,
  );
  return { x: box.x + at.x, y: box.y + at.y };
}
