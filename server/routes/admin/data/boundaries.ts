import type { MultiPolygon, Polygon } from 'geojson';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boundaryExportQuery,
  boundaryExportResponse,
  boundaryImportBody,
  boundaryImportResponse,
  boundaryPreview,
} from '../../../../src/domain/contracts/boundaries';
import { geoJsonGeometry } from '../../../../src/domain/contracts/geojson';
import { safeFileName } from '../../../../src/domain/file-name';
import { boundaryFeatureProblem, importedGeometry } from '../../../../src/domain/boundary-feature-rules';
import type { Db, Queryable } from '../../../db/adapter';
import { BOUNDARY_LIMITS } from '../../../boundaries/archive';
import { boundariesShapefile } from '../../../export/boundaries-shapefile';
import { HttpError, notFound, type ErrorItem } from '../../../http-error';
import { jobsFor } from '../../../jobs/runner';
import { currentUser } from '../../../plugins/auth';
import { clientName } from '../../../repos/project-access';
import { attachment } from '../../../surveys/survey-files';
import { ClientParams, doc, ok } from '../shared';
import { audit } from '../../../db/audit';
import { inTx } from '../../../db/tx';
import { cropIdsByName, writeBoundaries } from '../../../repos/boundaries-write';
import { clientAreaRows, clientPlotRows } from '../../../repos/editor-read';

// Boundary import and export in the data editor (issue 14). The upload is
// read in the job thread (server/boundaries: magic bytes, archive limits,
// reprojection) and answered as a preview; the admin maps attributes to names
// in the browser and sends the chosen features back, which are checked again
// and written all or nothing. The export is the same shapefile form, so a
// file exported here imports back unchanged.

async function clientOr404(db: Queryable, clientId: number): Promise<string> {
  const name = await clientName(db, clientId);
  if (name === null) throw notFound('client');
  return name;
}

export const boundaryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Every upload is bytes, whatever it claims to be: the reader goes by magic bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BOUNDARY_LIMITS.bytes }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      const detail = (e as Error).message;
      done(new HttpError(400, `Malformed JSON body: ${detail}`, undefined, undefined, 'malformed_json', { detail }), undefined);
    }
  });

  app.post(
    '/data/clients/:clientId/boundaries/preview',
    {
      bodyLimit: BOUNDARY_LIMITS.bytes,
      schema: {
        ...doc('data editor', 'Read a boundary file (zipped shapefile, KML, KMZ, GeoJSON): its polygons in WGS 84 and their attributes; nothing is written'),
        params: ClientParams,
        response: { 200: boundaryPreview },
      },
    },
    async (request) => {
      await clientOr404(db, request.params.clientId);
      // GeoJSON sent as application/json arrives parsed: it is the file's text again.
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(JSON.stringify(request.body ?? null));
      const preview = await jobsFor(db).run('boundaryPreview', { file: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
      // A file may hold anything as a geometry: what is not GeoJSON goes out as null (its problems say why it cannot be imported).
      return { ...preview, features: preview.features.map((f) => ({ ...f, geometry: geoJsonGeometry.safeParse(f.geometry).data ?? null })) };
    },
  );

  app.post(
    '/data/clients/:clientId/boundaries',
    {
      bodyLimit: BOUNDARY_LIMITS.bytes,
      schema: {
        ...doc('data editor', 'Import plots and irrigation areas, all or nothing; trees are re-assigned by location'),
        params: ClientParams,
        body: boundaryImportBody,
        response: { 201: boundaryImportResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { clientId } = request.params;
      const list = request.body.features;
      const out = await inTx(db, async (tx) => {
        await clientOr404(tx, clientId);
        const crops = await cropIdsByName(tx, [...new Set(list.map((f) => (f.kind === 'plot' ? f.crop_name?.trim() : '')).filter((c): c is string => !!c))]);
        // The preview's rule (src/domain/boundary-feature-rules.ts): what it calls valid imports.
        const errors: ErrorItem[] = [];
        list.forEach((f, i) => {
          const problem = boundaryFeatureProblem(f, new Set(crops.keys()));
          if (problem) errors.push({ field: `features.${i}.${problem.field}`, message: problem.message, code: problem.code, params: problem.params });
        });
        if (errors.length)
          throw new HttpError(
            422,
            `${errors.length} of ${list.length} features cannot be imported; nothing was written`,
            errors.slice(0, 200),
            undefined,
            'boundary_import_invalid',
            { bad: errors.length, total: list.length },
          );
        const plots = list
          .filter((f) => f.kind === 'plot')
          .map((f) => ({ name: f.name, crop: f.crop_name?.trim() || null, areaHa: f.area_ha ?? null, geometry: importedGeometry(f) }));
        const areas = list.filter((f) => f.kind === 'irrigation').map((f) => ({ name: f.name, geometry: importedGeometry(f) as Polygon }));
        const written = await writeBoundaries(
          tx,
          clientId,
          plots.map((p) => ({ name: p.name, cropId: p.crop ? crops.get(p.crop.toLowerCase())! : null, areaHa: p.areaHa, geometry: p.geometry })),
          areas,
        );
        await audit(
          tx,
          user,
          'create',
          'boundaries',
          clientId,
          `Imported ${plots.length} plots and ${areas.length} irrigation areas (${written.assigned.irrigation_areas} irrigation areas, ${written.assigned.trees} trees re-assigned)`,
          String(clientId),
        );
        return written;
      });
      reply.status(201);
      return {
        ...ok(`Imported ${out.plotIds.length} plots and ${out.areaIds.length} irrigation areas`),
        plot_ids: out.plotIds,
        irrigation_area_ids: out.areaIds,
        assigned: out.assigned,
      };
    },
  );

  app.get(
    '/data/clients/:clientId/boundaries.zip',
    {
      schema: {
        ...doc('data editor', 'The plots or irrigation areas of a client as a zipped WGS 84 polygon shapefile'),
        params: ClientParams,
        querystring: boundaryExportQuery,
        response: { 200: boundaryExportResponse },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const name = await clientOr404(db, clientId);
      const plots = request.query.kind === 'plot';
      const rows = (plots ? await clientPlotRows(db, clientId) : await clientAreaRows(db, clientId)) as unknown as Record<string, unknown>[];
      const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
      const zip = await boundariesShapefile(
        rows.map((r) => ({
          id: Number(plots ? r.plot_id : r.irrigation_area_id),
          name: str(plots ? r.plot_name : r.irrigation_area_name) ?? '',
          second: str(plots ? r.crop_name : r.plot_name),
          areaHa: r.plot_area === null || r.plot_area === undefined ? null : Number(r.plot_area),
          geom: (typeof r.geom === 'string' ? JSON.parse(r.geom) : r.geom) as Polygon | MultiPolygon,
        })),
        request.query.kind,
        plots ? 'plots' : 'irrigation_areas',
      );
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(safeFileName([name, plots ? 'plots' : 'irrigation areas'], 'zip')))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
};
