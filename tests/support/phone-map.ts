// The project map on a phone for browser tests (issue 35 "A phone-first map"): opened at a width in a language,
// and the measures the phone tests share (controls under 44×44 px, boxes that overlap, a control a tap reaches).
import type { Browser, Page } from 'playwright-core';
import { demoSurvey, loginAs, newPage } from './browser';
import { waitForMap } from './map-debug';

/** The phone sizes and languages the map is tried in (issue 35: 390 and 320 px, Hebrew and English). */
export const PHONE_SIZES = [
  ['he-IL', 390],
  ['en-US', 390],
  ['he-IL', 320],
  ['en-US', 320],
] as const;

/** The map path of one of the grower's demo surveys (the phone tests' 'Olive East – autumn' unless named), found in a context closed again. */
export async function growerSurveyPath(browser: Browser, baseURL: string, name = 'Olive East – autumn'): Promise<string> {
  const page = await newPage(browser, { baseURL });
  try {
    await loginAs(page, 'grower');
    return (await demoSurvey(page, name)).path;
  } finally {
    await page.context().close();
  }
}

/** A page of the grower on a survey's map at a phone's width, loaded and drawn, its alerts closed. */
export async function openPhoneMap(browser: Browser, baseURL: string, path: string, locale: 'he-IL' | 'en-US', width: number, height = 844): Promise<Page> {
  const page = await newPage(browser, { baseURL, locale, width, height });
  await loginAs(page, 'grower');
  await page.goto(path);
  await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 60_000 });
  await waitForMap(page, 'project');
  for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
  return page;
}

export type Box = { x: number; y: number; width: number; height: number };
export const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible button and link of the map screen (and of an open sheet or dialog) narrower or lower than 44 px. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(':is([data-testid=project-map-page], dialog[open]) :is(button, a[href])')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (r.width < 44 || r.height < 44)
        out.push(`${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}

/**
 * Whether a control can be tapped where it is: its box inside the viewport and the element at its centre is the
 * control itself (nothing on top of it). Returns what is wrong, or '' when it is reachable.
 */
export async function unreachable(page: Page, testId: string): Promise<string> {
  return page.evaluate((id) => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) return `${id}: missing`;
    const r = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      return `${id}: outside the viewport (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} in ${vw}×${vh})`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && el.contains(hit) ? '' : `${id}: covered by ${hit?.className || hit?.tagName}`;
  }, testId);
}
