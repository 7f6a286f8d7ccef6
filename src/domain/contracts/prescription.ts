// POST /api/projects/{id}/prescriptions (issue 14): validation of the body.
// Kept out of the app's bundle (zod would probe eval under our CSP); the app's
// panel builds the same shape (PrescriptionRequest in workers/geo/prescription-input.ts).
import { z } from 'zod';
import {
  GRID_MAX_M,
  GRID_MIN_M,
  MAX_RATE,
  PRESCRIPTION_FORMATS,
  PRESCRIPTION_LAYERS,
  PRODUCT_NAME_MAX,
  RATE_UNITS,
  TERMINAL_PROFILES,
  ZONE_UNITS,
  layerClasses,
  type PrescriptionRequest,
} from '../../../workers/geo/prescription-input';

const oneOf = <T extends readonly [string, ...string[]]>(what: string, values: T) => z.enum(values, { error: `${what} must be one of ${values.join(', ')}` });
const rate = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be 0 or more`)
    .max(MAX_RATE, `${what} must be at most ${MAX_RATE}`);

export const prescriptionBody = z
  .strictObject({
    layer: oneOf('layer', PRESCRIPTION_LAYERS),
    unit: oneOf('unit', ZONE_UNITS),
    gridSize: z
      .number({ error: 'gridSize must be a number of metres' })
      .min(GRID_MIN_M, `gridSize must be ${GRID_MIN_M}–${GRID_MAX_M} m`)
      .max(GRID_MAX_M, `gridSize must be ${GRID_MIN_M}–${GRID_MAX_M} m`)
      .optional(),
    product: z
      .string({ error: 'product must be a name' })
      .trim()
      .min(1, 'product must be a name')
      .max(PRODUCT_NAME_MAX, `product must be at most ${PRODUCT_NAME_MAX} characters`),
    rateUnit: oneOf('rateUnit', RATE_UNITS),
    rates: z.array(rate('every rate'), { error: 'rates must be a list of numbers, one per class' }),
    defaultRate: rate('defaultRate'),
    format: oneOf('format', PRESCRIPTION_FORMATS),
    profile: oneOf('profile', TERMINAL_PROFILES).default('generic'),
  })
  .superRefine((b, ctx) => {
    const classes = layerClasses(b.layer);
    if (b.rates.length !== classes.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rates'],
        message: `rates must hold ${classes.length} numbers for layer ${b.layer} (${classes.join(', ')})`,
        params: { code: 'prescription_rates', count: classes.length, layer: b.layer },
      });
    }
    if (b.unit === 'grid' && b.gridSize === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['gridSize'],
        message: `unit grid needs gridSize (${GRID_MIN_M}–${GRID_MAX_M} m)`,
        params: { code: 'grid_size_required', min: GRID_MIN_M, max: GRID_MAX_M },
      });
    }
  });

// The app's PrescriptionRequest and this schema's input stay one shape:
const sameShape: (q: PrescriptionRequest) => z.input<typeof prescriptionBody> = (q) => q;
void sameShape;
