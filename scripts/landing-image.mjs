// The landing screen's theme image (client.md "Landing (welcome) screen";
// README "Landing image"): an orchard at dawn, drawn here as SVG (our own work,
// shipped under the project's licence) and rendered by Chromium (playwright-core,
// already a dependency) into public/landing/orchard.webp and a JPEG fallback,
// each at most 150 KB. Deterministic (a seeded random), so a re-run gives the same
// picture. Run: node scripts/landing-image.mjs (needs Chromium, CHROMIUM_PATH).
/* global document, Image, btoa, XMLSerializer, Buffer */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const W = 1600,
  H = 1000,
  MAX_BYTES = 150_000;
const OUT = path.resolve(import.meta.dirname, '../public/landing');

let seed = 20261125;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;

/** A tree seen from a little above: trunk, shadow and a crown of overlapping leaf clusters. */
function tree(x, y, s) {
  const greens = ['#2e6b2f', '#3b7d33', '#4a8f3a', '#5c9e41', '#6fae4a'];
  let out = `<ellipse cx="${x + s * 0.35}" cy="${y + s * 0.05}" rx="${s * 0.95}" ry="${s * 0.28}" fill="#2b4a1c" opacity="0.35"/>`;
  out += `<rect x="${x - s * 0.07}" y="${y - s * 0.55}" width="${s * 0.14}" height="${s * 0.6}" rx="${s * 0.05}" fill="#6b4a2b"/>`;
  for (let k = 0; k < 7; k++) {
    const a = (k / 7) * Math.PI * 2 + rand();
    const r = s * (0.32 + 0.18 * rand());
    const cx = x + Math.cos(a) * s * 0.32,
      cy = y - s * 0.95 + Math.sin(a) * s * 0.26;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${greens[Math.floor(rand() * greens.length)]}"/>`;
  }
  out += `<circle cx="${(x - s * 0.12).toFixed(1)}" cy="${(y - s * 1.12).toFixed(1)}" r="${(s * 0.22).toFixed(1)}" fill="#8cc45a" opacity="0.55"/>`;
  return out;
}

function orchard() {
  let rows = '';
  // Rows converge on a vanishing point above the horizon; far rows first.
  const horizon = 430,
    vx = W * 0.56;
  for (let r = 0; r < 14; r++) {
    const t = r / 13;
    const y = horizon + 18 + t ** 1.7 * (H - horizon + 60);
    const s = 10 + t ** 1.6 * 95;
    const gap = s * 2.6;
    for (let x = vx - Math.floor(vx / gap + 2) * gap + ((r % 2) * gap) / 2; x < W + gap; x += gap) {
      const spread = (x - vx) * (0.35 + 0.65 * t);
      rows += tree(vx + spread, y, s * (0.9 + 0.2 * rand()));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fb6d9"/><stop offset="0.55" stop-color="#cfe3e4"/><stop offset="1" stop-color="#f6e7c1"/>
    </linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a9c46c"/><stop offset="0.4" stop-color="#8fb25a"/><stop offset="1" stop-color="#6e9444"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6d8"/><stop offset="0.35" stop-color="#ffe7a3" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe7a3" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${W * 0.72}" cy="350" r="260" fill="url(#sun)"/>
  <path d="M0 400 C 220 330, 420 360, 640 385 S 1120 330, 1600 372 L 1600 460 L 0 460 Z" fill="#8aa6a0" opacity="0.7"/>
  <path d="M0 425 C 300 385, 600 410, 900 420 S 1400 395, 1600 410 L 1600 470 L 0 470 Z" fill="#9bb58a"/>
  <rect y="430" width="${W}" height="${H - 430}" fill="url(#ground)"/>
  ${rows}
</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  await page.setContent(`<html><body style="margin:0">${orchard()}</body></html>`);
  mkdirSync(OUT, { recursive: true });
  for (const [type, ext] of [
    ['image/webp', 'webp'],
    ['image/jpeg', 'jpg'],
  ]) {
    // The best quality that fits the budget (Chromium's canvas encoders).
    let bytes = null;
    for (let q = 0.86; q >= 0.4 && !bytes; q -= 0.04) {
      const b64 = await page.evaluate(
        async ([t, quality]) => {
          const svg = document.querySelector('svg');
          const img = new Image();
          img.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
          await img.decode();
          const c = document.createElement('canvas');
          c.width = img.width;
          c.height = img.height;
          c.getContext('2d').drawImage(img, 0, 0);
          return c.toDataURL(t, quality).split(',')[1];
        },
        [type, q],
      );
      const buf = Buffer.from(b64, 'base64');
      if (buf.length <= MAX_BYTES) bytes = buf;
    }
    if (!bytes) throw new Error(`${ext}: no quality fits ${MAX_BYTES} bytes`);
    writeFileSync(path.join(OUT, `orchard.${ext}`), bytes);
    console.log(`public/landing/orchard.${ext}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
