import { BREED, CROP } from './seed-reference';
import type { Product } from '../../src/domain/products';
import type { Rect } from './seed-geometry';

// The demo farms, declared. seed.ts turns this into rows.
export interface PlotSpec {
  name: string;
  crop: number;
  breeds: number[];
  parts: Rect[]; // more than one part → a MultiPolygon plot
  blocks: [cols: number, rows: number]; // irrigation areas per part
  spacing: [alongRow: number, betweenRows: number]; // metres
  planted: string; // YYYY-MM-DD
}
export interface ProjectSpec {
  name: string;
  dayOffset: number | null; // observation date relative to the seed day; null → no date (incomplete)
  plots: string[];
  observed: boolean; // survey results loaded
  health: number; // shifts the status shares: 0 = typical, >0 healthier
  products: Product[];
  duplicates?: number; // repeated observations (overlapping flight strips)
  /** Trees of the plots this survey did not observe (young trees planted later, trees removed since): a share, picked by a salted hash of the tree id. */
  absent?: { share: number; salt: number };
}
export interface UserSpec {
  email: string;
  password: string;
  first: string;
  last: string;
  /** Names of the projects this grower or worker is a member of; omitted = all of the farm's. */
  projects?: string[];
  /** Default 'user' (a grower); 'worker': a field worker (grower screens, no exports). */
  role?: 'user' | 'worker';
}
export interface FarmSpec {
  client: string;
  origin: [lon: number, lat: number];
  users: UserSpec[];
  plots: PlotSpec[];
  projects: ProjectSpec[];
}

const ALL: Product[] = ['npk_analysis', 'biomass_analysis', 'tree_status', 'canopy_diameter'];

export const ADMIN = { email: 'admin@demo.farm', password: 'DemoAdmin!2026', first: 'Dana', last: 'Admin' };

export const FARMS: FarmSpec[] = [
  {
    client: 'Galil Orchards',
    origin: [34.79, 30.9],
    users: [
      { email: 'grower@demo.farm', password: 'DemoGrower!2026', first: 'Yossi', last: 'Galil' },
      // The olive and date-palm manager: assigned to those surveys only, so per-project access is visible.
      {
        email: 'grower3@demo.farm',
        password: 'DemoGrower3!2026',
        first: 'Noa',
        last: 'Galil',
        projects: ['Olive East – autumn', 'Olive East – spring', 'Olive East – pre-harvest', 'Date palms – autumn', 'Date palms – next flight'],
      },
      // Field workers (issue 33): one in the avocado rows, one in the olives (not a member of the avocado surveys).
      {
        email: 'worker@demo.farm',
        password: 'DemoWorker!2026',
        first: 'Amir',
        last: 'Sade',
        role: 'worker',
        projects: ['Avocado survey – autumn', 'Avocado survey – summer'],
      },
      { email: 'worker3@demo.farm', password: 'DemoWorker3!2026', first: 'Tal', last: 'Sade', role: 'worker', projects: ['Olive East – autumn'] },
    ],
    plots: [
      {
        name: 'Avocado North',
        crop: CROP.avocado,
        breeds: [BREED.hass, BREED.hass, BREED.hass, BREED.fuerte],
        parts: [{ x: 0, y: 1100, w: 1500, h: 1000 }],
        blocks: [3, 2],
        spacing: [4, 6],
        planted: '2014-03-15',
      },
      {
        name: 'Avocado South',
        crop: CROP.avocado,
        breeds: [BREED.hass, BREED.fuerte],
        parts: [{ x: 0, y: 0, w: 1200, h: 950 }],
        blocks: [2, 2],
        spacing: [4, 6],
        planted: '2017-04-02',
      },
      {
        name: 'Olive East',
        crop: CROP.olive,
        breeds: [BREED.barnea, BREED.manzanilla],
        parts: [{ x: 1650, y: 400, w: 600, h: 500 }],
        blocks: [2, 1],
        spacing: [5, 7],
        planted: '2009-02-20',
      },
      {
        name: 'Date Palm West',
        crop: CROP.palm,
        breeds: [BREED.medjool],
        parts: [
          { x: -700, y: 300, w: 300, h: 300 },
          { x: -700, y: 700, w: 300, h: 300 },
        ],
        blocks: [1, 1],
        spacing: [9, 9],
        planted: '2012-05-10',
      },
    ],
    projects: [
      // The big survey and the one before it: comparing them shows trees lost, declined and recovered, some
      // trees removed since the summer (gone) and young trees planted after it (new).
      {
        name: 'Avocado survey – autumn',
        dayOffset: -3,
        plots: ['Avocado North', 'Avocado South'],
        observed: true,
        health: 0.02,
        products: ALL,
        duplicates: 5,
        absent: { share: 0.002, salt: 17 },
      },
      {
        name: 'Avocado survey – summer',
        dayOffset: -70,
        plots: ['Avocado North', 'Avocado South'],
        observed: true,
        health: 0,
        products: ALL,
        absent: { share: 0.004, salt: 29 },
      },
      {
        name: 'Olive East – autumn',
        dayOffset: -20,
        plots: ['Olive East'],
        observed: true,
        health: -0.03,
        products: ['npk_analysis', 'tree_status', 'canopy_diameter'],
      },
      { name: 'Olive East – spring', dayOffset: -200, plots: ['Olive East'], observed: true, health: 0.01, products: ['tree_status'] },
      { name: 'Date palms – autumn', dayOffset: -40, plots: ['Date Palm West'], observed: true, health: 0, products: ['biomass_analysis', 'tree_status'] },
      { name: 'Date palms – next flight', dayOffset: null, plots: ['Date Palm West'], observed: false, health: 0, products: ['tree_status'] },
      { name: 'Avocado North – winter flight', dayOffset: 5, plots: ['Avocado North'], observed: false, health: 0, products: ALL },
      { name: 'Olive East – pre-harvest', dayOffset: 30, plots: ['Olive East'], observed: false, health: 0, products: ['tree_status'] },
      // Ten block inspections flown on one day: more than the 8 dots a calendar cell holds.
      ...Array.from({ length: 10 }, (_, i) => ({
        name: `Irrigation block check ${i + 1}`,
        dayOffset: 12,
        plots: [i % 2 ? 'Avocado North' : 'Avocado South'],
        observed: false,
        health: 0,
        products: ['irrigation_mapping'] as Product[],
      })),
    ],
  },
  {
    client: 'Negev Citrus',
    origin: [34.835, 30.87],
    users: [
      { email: 'grower2@demo.farm', password: 'DemoGrower2!2026', first: 'Miri', last: 'Negev' },
      { email: 'worker2@demo.farm', password: 'DemoWorker2!2026', first: 'Dor', last: 'Negev', role: 'worker', projects: ['Citrus survey – autumn'] },
    ],
    plots: [
      {
        name: 'Lemon Grove',
        crop: CROP.lemon,
        breeds: [BREED.eureka],
        parts: [{ x: 0, y: 0, w: 400, h: 300 }],
        blocks: [2, 1],
        spacing: [5, 6],
        planted: '2016-01-25',
      },
      {
        name: 'Orange Hill',
        crop: CROP.orange,
        breeds: [BREED.valencia],
        parts: [{ x: 450, y: 0, w: 300, h: 300 }],
        blocks: [1, 1],
        spacing: [5, 6],
        planted: '2013-03-01',
      },
    ],
    projects: [
      { name: 'Citrus survey – autumn', dayOffset: -10, plots: ['Lemon Grove', 'Orange Hill'], observed: true, health: 0.01, products: ALL },
      { name: 'Lemon Grove – spring', dayOffset: -180, plots: ['Lemon Grove'], observed: true, health: -0.02, products: ['tree_status'] },
    ],
  },
];
