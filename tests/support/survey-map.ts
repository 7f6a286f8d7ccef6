// Opening a demo survey's map as the grower, for the phone map tests (issue 35).
import type { Browser, Page } from 'playwright-core';
import { demoSurvey, loginAs, newPage } from './browser';
import { waitForMap } from './map-debug';

/** The map path of one of the grower's demo surveys (signed in once, in a context closed again). */
export async function growerSurveyPath(browser: Browser, baseURL: string, name: string): Promise<string> {
  const page = await newPage(browser, { baseURL });
  await loginAs(page, 'grower');
  const { path } = await demoSurvey(page, name);
  await page.context().close();
  return path;
}

/** A page of the grower on a survey's map, loaded and drawn, its alerts closed. */
export async function openSurveyMap(browser: Browser, baseURL: string, path: string, locale: 'he-IL' | 'en-US', width: number): Promise<Page> {
  const page = await newPage(browser, { baseURL, locale, width, height: 844 });
  await loginAs(page, 'grower');
  await page.goto(path);
  await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 60_000 });
  await waitForMap(page, 'project');
  for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
  return page;
}
