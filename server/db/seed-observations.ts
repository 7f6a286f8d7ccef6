import { MEASURED_FIELDS, type MeasuredField } from '../../workers/geo/fields';
import { normal, prng } from './seed-geometry';
import { CROP } from './seed-reference';

// Realistic survey results per tree, generated column-wise for bulk insert.
// A tree keeps a latent vigour across surveys so that two surveys of the same
// plots differ the way real ones do (a few trees decline, most stay).

interface CropProfile {
  n: [number, number];
  p: [number, number];
  k: [number, number];
  canopy: [number, number];
  // Leaf-analysis sufficiency ranges used to label the demo values.
  range: { n: [number, number]; p: [number, number]; k: [number, number] };
}

const PROFILES: Record<number, CropProfile> = {
  [CROP.avocado]: { n: [2.2, 0.28], p: [0.13, 0.03], k: [0.95, 0.22], canopy: [4.8, 0.9], range: { n: [1.6, 2.0], p: [0.08, 0.25], k: [0.75, 2.0] } },
  [CROP.olive]: { n: [1.65, 0.25], p: [0.12, 0.025], k: [0.85, 0.2], canopy: [3.4, 0.6], range: { n: [1.5, 2.0], p: [0.1, 0.3], k: [0.8, 1.2] } },
  [CROP.palm]: { n: [1.9, 0.3], p: [0.13, 0.03], k: [0.9, 0.25], canopy: [5.6, 0.7], range: { n: [1.6, 2.4], p: [0.1, 0.2], k: [0.7, 1.2] } },
  [CROP.lemon]: { n: [2.5, 0.3], p: [0.14, 0.03], k: [1.1, 0.3], canopy: [3.6, 0.6], range: { n: [2.4, 2.6], p: [0.12, 0.16], k: [0.7, 1.09] } },
  [CROP.orange]: { n: [2.5, 0.3], p: [0.14, 0.03], k: [1.1, 0.3], canopy: [3.8, 0.6], range: { n: [2.4, 2.6], p: [0.12, 0.16], k: [0.7, 1.09] } },
};

/** A survey's result columns as the seed builds them (one array per tree_observations column). */
export type ObservationColumns = { tree_id: number[] } & Record<'tree_status' | MeasuredField, (number | string | null)[]>;
/** tree_observations' columns of the one list of a tree's fields: the id, the status and the measured fields. */
export const OBSERVATION_COLUMNS = ['tree_id', 'tree_status', ...MEASURED_FIELDS] as const;

const CLASS_LABEL = ['Low', 'Optimal', 'High'];
// Cumulative shares of status 0..5; the rest (≈1%) has no status recorded.
const STATUS_SHARES = [0.79, 0.09, 0.035, 0.025, 0.03, 0.02];
const STATUS_VIGOUR = [1, 0.78, 0.55, 0.25, 0, 0.9];

function pickStatus(u: number, health: number): number | null {
  let acc = 0;
  for (let s = 0; s < STATUS_SHARES.length; s++) {
    acc += STATUS_SHARES[s] + (s === 0 ? health : s <= 3 ? -health / 3 : 0);
    if (u < acc) return s;
  }
  return null;
}

function classify(v: number, [lo, hi]: [number, number]): number {
  return v < lo ? 0 : v > hi ? 2 : 1;
}

export function emptyColumns(): ObservationColumns {
  return Object.fromEntries(OBSERVATION_COLUMNS.map((c) => [c, []])) as unknown as ObservationColumns;
}

/** Appends one observation per tree (plus `duplicates` repeated rows) to cols. */
export function generateObservations(cols: ObservationColumns, trees: { ids: number[]; crops: number[] }, seed: number, health: number, duplicates = 0): void {
  const survey = prng(seed);
  for (let i = 0; i < trees.ids.length; i++) {
    // Latent vigour depends on the tree only; survey noise on the survey.
    const latent = prng(trees.ids[i] * 2654435761)();
    const u = 0.8 * latent + 0.2 * survey();
    const status = pickStatus(u, health);
    pushTree(cols, trees.ids[i], PROFILES[trees.crops[i]] ?? PROFILES[CROP.avocado], status, survey);
  }
  for (let d = 0; d < duplicates && trees.ids.length > 0; d++) {
    const i = Math.floor(survey() * trees.ids.length);
    pushTree(cols, trees.ids[i], PROFILES[trees.crops[i]] ?? PROFILES[CROP.avocado], 0, survey);
  }
}

function pushTree(cols: ObservationColumns, id: number, prof: CropProfile, status: number | null, rand: () => number) {
  cols.tree_id.push(id);
  cols.tree_status.push(status);
  const measured = status !== 4 && rand() > 0.01;
  const vigour = STATUS_VIGOUR[status ?? 5];
  const nut = (key: 'n' | 'p' | 'k', digits: number) => {
    if (!measured) return [null, null, null, null] as const;
    const [m, sd] = prof[key];
    const v = Math.max(0, round(normal(rand, m * (0.85 + 0.15 * vigour), sd), digits + 1));
    const c = classify(v, prof.range[key]);
    return [v, `${v.toFixed(digits)}%`, c, CLASS_LABEL[c]] as const;
  };
  const [n, nl, nc, ncl] = nut('n', 2);
  const [p, pl, pc, pcl] = nut('p', 3);
  const [k, kl, kc, kcl] = nut('k', 2);
  const push = (values: Partial<Record<keyof ObservationColumns, number | string | null>>) => {
    for (const [c, v] of Object.entries(values)) (cols[c as keyof ObservationColumns] as unknown[]).push(v);
  };
  push({ n_mean: n, n_label: nl, n_classification: nc, n_classification_label: ncl });
  push({ p_mean: p, p_label: pl, p_classification: pc, p_classification_label: pcl });
  push({ k_mean: k, k_label: kl, k_classification: kc, k_classification_label: kcl });
  if (!measured) {
    push({
      canopy_diameter: null,
      canopy_diameter_label: null,
      canopy_classification: null,
      canopy_classification_label: null,
      biomass: null,
      biomass_label: null,
    });
    return;
  }
  const canopy = Math.max(0.2, round(normal(rand, prof.canopy[0] * (0.4 + 0.6 * vigour), prof.canopy[1]), 2));
  const bucket = Math.min(7, Math.floor(canopy));
  cols.canopy_diameter.push(canopy);
  cols.canopy_diameter_label.push(`${canopy.toFixed(1)} m`);
  cols.canopy_classification.push(bucket);
  cols.canopy_classification_label.push(bucket === 7 ? '7m+' : `${bucket}-${bucket + 1} m`);
  const biomass = Math.min(0.98, Math.max(0.02, round(normal(rand, 0.25 + 0.5 * vigour, 0.07), 3)));
  cols.biomass.push(biomass);
  cols.biomass_label.push(biomass >= 0.6 ? 'High' : biomass >= 0.4 ? 'Medium' : 'Low');
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
