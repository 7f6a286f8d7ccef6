// The app's install icons (issue 35: 192 and 512 px, "any" and "maskable"), drawn here as SVG and rendered to
// PNG by sharp (libvips). The PNGs are committed in public/icons/; run `node scripts/make-icons.mjs` after
// changing the drawing. The mark is the favicon's: three tree crowns on the brand green (#1b5e20).
// A maskable icon fills the whole square and keeps the mark inside the safe zone (a centred circle of 80% of
// the width), since a launcher may cut it to a circle, a squircle or a rounded square.
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import { Buffer } from 'node:buffer';

const GREEN = '#1b5e20';
const LEAF = '#8bc34a';
const LIGHT = '#c5e1a5';

/** Three crowns with a light rim and a row line, centred at (c, c), `r` the crowns' outer radius. */
function mark(c, r) {
  const crown = (x, y) =>
    `<circle cx="${x}" cy="${y}" r="${r * 0.3}" fill="${LEAF}"/><circle cx="${x - r * 0.08}" cy="${y - r * 0.08}" r="${r * 0.12}" fill="${LIGHT}"/>`;
  return [
    `<path d="M ${c - r * 0.85} ${c + r * 0.72} H ${c + r * 0.85}" stroke="${LIGHT}" stroke-width="${r * 0.06}" stroke-linecap="round" opacity="0.7"/>`,
    crown(c - r * 0.36, c - r * 0.2),
    crown(c + r * 0.36, c - r * 0.2),
    crown(c, c + r * 0.36),
  ].join('');
}

/** "any": a green disc on transparent; "maskable": a full green square, the mark within the safe zone. */
function svg(size, purpose) {
  const c = size / 2;
  const back =
    purpose === 'maskable' ? `<rect width="${size}" height="${size}" fill="${GREEN}"/>` : `<circle cx="${c}" cy="${c}" r="${size * 0.47}" fill="${GREEN}"/>`;
  const r = purpose === 'maskable' ? size * 0.34 : size * 0.4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${back}${mark(c, r)}</svg>`;
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, 'any'],
  ['icon-512.png', 512, 'any'],
  ['maskable-192.png', 192, 'maskable'],
  ['maskable-512.png', 512, 'maskable'],
  // iOS home screen (it ignores the manifest's icons): a full square, iOS rounds the corners itself.
  ['apple-touch-icon-180.png', 180, 'maskable'],
];
for (const [name, size, purpose] of icons) {
  await sharp(Buffer.from(svg(size, purpose)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(name, out).pathname);
  console.log(`public/icons/${name}`);
}
