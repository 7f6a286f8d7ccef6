// The prescription files (POST /api/projects/{id}/prescriptions), run in the
// job thread: the survey's snapshot's Arrow file through the same workers/geo
// steps as the map's preview (analyseDataset, buildPrescription), then the
// ISOXML TASKDATA or the shapefile zip.
import { readFileSync } from 'node:fs';
import { analyseDataset, buildPrescription, decodeMapDataArrow, PrescriptionError } from '../../workers/geo';
import type { PrescriptionRequest } from '../../workers/geo/prescription-input';
import { HttpError } from '../http-error';
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
    if (e instanceof PrescriptionError) throw new HttpError(400, e.message);
    throw e;
  }
  const zip = r.format === 'isoxml' ? await prescriptionIsoxml(p, r, input.names) : await prescriptionShapefile(p, r, r.profile ?? 'generic', input.base);
  return { zip, zones: p.zones.length };
}
