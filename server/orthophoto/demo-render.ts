// The demo's synthetic orthophoto (README "Aerial photo", demo data), drawn from a survey's own tree
// results so the photo agrees with the map: soil and dry-grass texture, each tree's shadow to the
// north-west (they merge into row shadows), each canopy a shaded disc of its measured diameter,
// greener with vitality, dead trees as grey snags and missing trees as bare soil. Pure: pixels in,
// pixels out (RGB, north up, in the UTM zone of the farm).

export interface DemoTrees {
  /** Tree positions in the photo's metres (UTM), and their survey results. */
  x: Float64Array;
  y: Float64Array;
  status: Int16Array; // -1: none
  canopy: Float32Array; // NaN: not measured
  vitality: Float32Array; // 0–1, NaN: not measured
}

export interface DemoFrame {
  /** Top-left corner (metres) and pixel size. */
  originX: number;
  originY: number;
  pixel: number;
  width: number;
  height: number;
}

/** Deterministic hash noise in 0–1. */
const hash = (x: number, y: number) => {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};

/** Value noise: a coarse grid of hashes, bilinear in between (patches of grass on the soil). */
function lowNoise(width: number, height: number, cell: number): Float32Array {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const g = new Float32Array(gw * gh);
  for (let j = 0; j < gh; j++) for (let i = 0; i < gw; i++) g[j * gw + i] = hash(i + 7, j + 13);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const j = Math.floor(gy);
    const fy = gy - j;
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const i = Math.floor(gx);
      const fx = gx - i;
      const a = g[j * gw + i] * (1 - fx) + g[j * gw + i + 1] * fx;
      const b = g[(j + 1) * gw + i] * (1 - fx) + g[(j + 1) * gw + i + 1] * fx;
      out[y * width + x] = a * (1 - fy) + b * fy;
    }
  }
  return out;
}

export function renderDemoPhoto(trees: DemoTrees, f: DemoFrame): Uint8Array {
  const { width, height, pixel } = f;
  const rgb = new Uint8Array(width * height * 3);
  // 1. Ground: soil with patches of dry grass and a fine grain.
  const patches = lowNoise(width, height, Math.max(8, Math.round(12 / pixel)));
  for (let i = 0, n = width * height; i < n; i++) {
    const g = patches[i];
    const grain = (hash(i % width, (i / width) | 0) - 0.5) * 26;
    const t = Math.max(0, Math.min(1, (g - 0.35) * 2));
    rgb[i * 3] = clamp(158 - 30 * t + grain);
    rgb[i * 3 + 1] = clamp(128 - 2 * t + grain);
    rgb[i * 3 + 2] = clamp(92 - 22 * t + grain * 0.8);
  }
  const toPx = (k: number): [number, number] => [(trees.x[k] - f.originX) / pixel, (f.originY - trees.y[k]) / pixel];
  const radiusOf = (k: number) => (Number.isFinite(trees.canopy[k]) && trees.canopy[k] > 0 ? trees.canopy[k] : 3) / 2 / pixel;

  // 2. Shadows to the north-west (the sun in the south-east of a morning flight): they join along the rows.
  for (let k = 0; k < trees.x.length; k++) {
    const s = trees.status[k];
    if (s === 4 || s === -1) continue;
    const r = s === 3 ? radiusOf(k) * 0.35 : radiusOf(k);
    const [cx, cy] = toPx(k);
    disc(width, height, cx - r * 0.45, cy - r * 0.45, r * 1.05, (o) => {
      rgb[o] = (rgb[o] * 0.55) | 0;
      rgb[o + 1] = (rgb[o + 1] * 0.57) | 0;
      rgb[o + 2] = (rgb[o + 2] * 0.62) | 0;
    });
  }

  // 3. Canopies: shaded discs, lit from the south-east, greener with vitality; dead trees grey snags.
  for (let k = 0; k < trees.x.length; k++) {
    const s = trees.status[k];
    if (s === 4 || s === -1) continue; // missing: bare soil
    const [cx, cy] = toPx(k);
    if (s === 3) {
      const r = Math.max(1, radiusOf(k) * 0.35);
      disc(width, height, cx, cy, r, (o, d) => {
        const v = 128 - 30 * d;
        rgb[o] = clamp(v);
        rgb[o + 1] = clamp(v - 2);
        rgb[o + 2] = clamp(v - 6);
      });
      continue;
    }
    const r = Math.max(1, radiusOf(k));
    const vit = Number.isFinite(trees.vitality[k]) ? trees.vitality[k] : 0.5;
    const t = s === 2 ? 0.1 : s === 1 ? vit * 0.6 : vit;
    const base = s === 2 ? [130, 118, 62] : [150 - 115 * t, 150 - 50 * t, 70 - 38 * t];
    const lx = cx + r * 0.3;
    const ly = cy + r * 0.3;
    disc(width, height, cx, cy, r, (o, _d, px, py) => {
      const lit = 1.2 - 0.55 * (Math.hypot(px - lx, py - ly) / (1.3 * r));
      const leaf = 0.88 + 0.24 * hash(px, py);
      rgb[o] = clamp(base[0] * lit * leaf);
      rgb[o + 1] = clamp(base[1] * lit * leaf);
      rgb[o + 2] = clamp(base[2] * lit * leaf);
    });
  }
  return rgb;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

/** Calls paint(offset, distance/r, x, y) for each pixel of the disc inside the image. */
function disc(width: number, height: number, cx: number, cy: number, r: number, paint: (o: number, d: number, x: number, y: number) => void) {
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(height - 1, Math.ceil(cy + r));
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    const half = Math.sqrt(Math.max(0, r * r - dy * dy));
    const x0 = Math.max(0, Math.ceil(cx - half - 0.5));
    const x1 = Math.min(width - 1, Math.floor(cx + half - 0.5));
    for (let x = x0; x <= x1; x++) paint((y * width + x) * 3, Math.hypot(x + 0.5 - cx, dy) / r, x, y);
  }
}
