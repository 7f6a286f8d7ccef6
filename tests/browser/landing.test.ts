// The landing screen's theme image (client.md "Landing (welcome) screen", issue 32):
// a real picture we may ship (scripts/landing-image.mjs, README "Landing image"),
// WebP with a JPEG fallback, each at most 150 KB, covering the screen behind the card.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const file = (name: string) => path.resolve(import.meta.dirname, '../../public/landing', name);

describe('landing image', () => {
  it('ships a WebP and a JPEG fallback of at most 150 KB each', () => {
    const webp = readFileSync(file('orchard.webp'));
    expect([webp.subarray(0, 4).toString('latin1'), webp.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
    expect([...readFileSync(file('orchard.jpg')).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    for (const f of ['orchard.webp', 'orchard.jpg']) expect(statSync(file(f)).size, f).toBeLessThanOrEqual(150_000);
  });

  it('shows the picture (WebP where the browser takes it) behind the card, covering the screen', async () => {
    const page = await newPage(browser, { baseURL, width: 1280, height: 800 });
    await page.goto('/');
    const img = page.getByTestId('landing-image');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1600);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/landing\/orchard\.webp$/);
    expect(await img.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    // The card stays on top of it.
    const card = await page.locator('.landing__card').boundingBox();
    const topmost = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.landing__card') !== null, [card!.x + 20, card!.y + 20]);
    expect(topmost).toBe(true);
    await page.context().close();
  });
});
