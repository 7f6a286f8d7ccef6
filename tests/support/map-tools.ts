// The map's toolbar from a Playwright page: on a phone four actions are on the map and the rest are in the
// "More" sheet (src/features/project-map/map-toolbar.tsx); a test asks for an action by its key either way.
import type { Locator, Page } from 'playwright-core';

/** The toolbar button of an action, after opening "More" when the action lives there. */
export async function mapTool(page: Page, key: string): Promise<Locator> {
  const button = page.getByTestId(`pm-btn-${key}`);
  if (await button.isVisible()) return button;
  const more = page.getByTestId('pm-btn-more');
  if (await more.isVisible()) {
    await more.click();
    await page.getByTestId('pm-more').waitFor();
  }
  return button;
}
