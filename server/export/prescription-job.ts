// The prescription files (POST /api/projects/{id}/prescriptions), run in the
// job thread: the survey's snapshot's Arrow file through the same workers/geo
// steps as the map's preview (analyseDataset, buildPrescription), then the
// ISOXML TASKDATA or the shapefile zip.
import { readFileSync } from 'node:fs';
import { analyseDataset, buildPrescription, decodeMapDataArrow, PrescriptionError } from '../../workers/geo';
import type { PrescriptionRequest } from '../../workers/geo/prescription-input';
import type { ErrorCode } from '../../src/domain/error-codes';
import { HttpError } from '../http-error';

/** The worker's reasons (the map panel words them too) as the API's error codes. */
const PRESCRIPTION_ERROR_CODES: Record<PrescriptionError['code'], ErrorCode> = {
  noPlots: 'prescription_no_plots',
  noAreas: 'prescription_no_areas',
  tooManyCells: 'prescription_too_many_cells',
  rates: 'prescription_rates',
};
import { prescriptionIsoxml, type IsoxmlNames } from './prescription-isoxml';
import { prescriptionShapefile } from './prescription-shapefile';

export interface PrescriptionJobInput {
  /** The survey snapshot's Arrow file. */
  arrow: string;
  request: PrescriptionRequest;
  names: IsoxmlNames;
  /** Base name of the files inside the shapefile zip. */
  base: string;
}

export async function prescriptionJob(_db: unknown, input: PrescriptionJobInput): Promise<{ zip: Uint8Array; zones: number }> {
  const d = decodeMapDataArrow(readFileSync(input.arrow));
  const r = input.request;
  let p;
  try {
    p = buildPrescription(d, analyseDataset(d), r);
  } catch (e) {
    if (e instanceof PrescriptionError) throw new HttpError(400, e.message, undefined, undefined, PRESCRIPTION_ERROR_CODES[e.code], e.params);
    throw e;
  }
  const zip = r.format === 'isoxml' ? await prescriptionIsoxml(p, r, input.names) : await prescriptionShapefile(p, r, r.profile ?? 'generic', input.base);
  return { zip, zones: p.zones.length };
}
