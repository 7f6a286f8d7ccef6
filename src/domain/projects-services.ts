import type { ProjectSummary } from './projects';

// Services shown on a project card (client.md §3, §4): the project's own
// services list; otherwise its product ids 1–5; otherwise by crop type;
// otherwise the default three. Screens translate the keys.

export type ServiceKey = 'aerial' | 'biomass' | 'treeStatus' | 'growth' | 'quality' | 'npk' | 'canopy' | 'irrigation';

/** A known service (translated by key) or a free-text label from the server. */
export type Service = { key: ServiceKey } | { label: string };

export const PRODUCT_SERVICES: Record<number, ServiceKey> = {
  1: 'aerial',
  2: 'biomass',
  3: 'treeStatus',
  4: 'growth',
  5: 'quality',
};

// Our database stores products as codes (projects.products text[]); the
// spec's numeric ids are accepted too, as numbers or numeric strings.
const PRODUCT_CODES: Record<string, ServiceKey> = {
  aerial_photography: 'aerial',
  biomass_analysis: 'biomass',
  tree_status: 'treeStatus',
  growth_analysis: 'growth',
  quality_control: 'quality',
  npk_analysis: 'npk',
  canopy_diameter: 'canopy',
  irrigation_mapping: 'irrigation',
};

export const DEFAULT_SERVICES: ServiceKey[] = ['aerial', 'biomass', 'treeStatus'];

const CROP_SERVICES: [pattern: RegExp, services: ServiceKey[]][] = [
  [/avocado|אבוקדו/i, ['aerial', 'biomass', 'treeStatus']],
  [/date\s*palm|palm|תמר|דקל/i, ['aerial', 'biomass']],
  [/olive|זית/i, ['aerial', 'treeStatus']],
];

function fromProduct(p: string | number): Service | null {
  const n = typeof p === 'number' ? p : /^\s*\d+\s*$/.test(p) ? Number(p) : NaN;
  if (Number.isInteger(n)) return PRODUCT_SERVICES[n] ? { key: PRODUCT_SERVICES[n] } : null;
  const code = String(p).trim().toLowerCase();
  if (!code) return null;
  return PRODUCT_CODES[code] ? { key: PRODUCT_CODES[code] } : { label: String(p).trim() };
}

export function projectServices(p: Pick<ProjectSummary, 'services' | 'products' | 'crop_type'>): Service[] {
  const listed = (p.services ?? []).filter((s) => typeof s === 'string' && s.trim());
  if (listed.length) return listed.map((label) => ({ label: label.trim() }));

  const seen = new Set<string>();
  const products: Service[] = [];
  for (const prod of p.products ?? []) {
    const s = fromProduct(prod);
    const id = s ? ('key' in s ? `k:${s.key}` : `l:${s.label}`) : null;
    if (s && id && !seen.has(id)) {
      seen.add(id);
      products.push(s);
    }
  }
  if (products.length) return products;

  const crop = p.crop_type ?? '';
  // crop_type may list several crops ("Avocado, Olive"): the spec's order decides.
  for (const [pattern, services] of CROP_SERVICES) if (pattern.test(crop)) return services.map((key) => ({ key }));
  return DEFAULT_SERVICES.map((key) => ({ key }));
}
