import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileBody, fileResponse } from '../../src/domain/contracts/common';
import { exportQuery, zonesQuery } from '../../src/domain/contracts/export';
import { prescriptionBody } from '../../src/domain/contracts/prescription';
import { zoneTableResponse } from '../../src/domain/contracts/survey';
import { EXPORT_EXTENSIONS } from '../../src/domain/export';
import { safeFileName } from '../../src/domain/file-name';
import type { Db } from '../db/adapter';
import { notFound } from '../http-error';
import { jobsFor } from '../jobs/runner';
import { jobStream } from '../jobs/stream';
import { currentUser } from '../plugins/auth';
import { assertMayDo } from '../auth/roles';
import { getMapData } from '../surveys/map-data-cache';
import { clientName, ownsArea, projectParams } from '../repos/project-access';
import { attachment, openSurvey } from '../surveys/survey-files';
import { CONTENT_TYPES } from '../export/content-types';

/** A plot or irrigation area of the survey's client, or 404 (an id of another client is as unknown as a missing one). */
async function ownedArea(db: Db, table: 'plots' | 'irrigation_areas', id: number, clientId: number): Promise<void> {
  if (!(await ownsArea(db, table, id, clientId))) throw notFound(table === 'plots' ? 'plot' : 'irrigation_area', id);
}

/** The media type of a Content-Type value (without its charset). */
const mediaType = (contentType: string) => contentType.split(';')[0].trim();

/** What the three routes answer: a file of one of the export formats, the zone table (JSON or CSV), a prescription zip. */
const exportFile = fileResponse('The trees as a file of the asked format (an attachment)', [...new Set(Object.values(CONTENT_TYPES).map(mediaType))]);
const zonesAnswer = {
  description: 'The statistics table per plot and irrigation area: JSON rows for format=json, else a CSV file (an attachment)',
  content: {
    'application/json': { schema: zoneTableResponse },
    [mediaType(CONTENT_TYPES.csv)]: { schema: fileBody },
  },
};
const prescriptionFile = fileResponse('The prescription: an ISOXML TASKDATA zip or a shapefile zip (an attachment); X-Zone-Count: its zones', [
  'application/zip',
]);

/**
 * GET /api/projects/{id}/export (issue 13): the survey's trees (each once, as
 * the map shows them) that the filter keeps, as GeoJSON, CSV, a zipped
 * shapefile or KML: the very call behind the project map's Export menu.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/projects/:projectId/export',
    {
      schema: {
        params: projectParams,
        querystring: exportQuery,
        tags: ['map'],
        summary: 'Export the trees of a survey (GeoJSON, CSV, shapefile zip or KML)',
        response: { 200: exportFile },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const user = currentUser(request);
      const { project, compare, date } = await openSurvey(db, user, request.params.projectId, q.compare);
      assertMayDo(user, 'export');
      if (q.plotId !== undefined) await ownedArea(db, 'plots', q.plotId, project.client_id);
      if (q.irrigationAreaId !== undefined) await ownedArea(db, 'irrigation_areas', q.irrigationAreaId, project.client_id);
      const data = await getMapData(db, project.project_id);
      const name = safeFileName([project.name, date], EXPORT_EXTENSIONS[q.format]);
      reply
        .header('content-type', CONTENT_TYPES[q.format])
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .header('x-tree-count-total', String(data.treeCount));
      return reply.send(
        jobStream(db, 'exportTrees', {
          arrow: data.arrowFile,
          format: q.format,
          mode: q.mode,
          hide: q.hide,
          plotId: q.plotId,
          irrigationAreaId: q.irrigationAreaId,
          lang: q.lang,
          title: `${project.name} ${date}`,
          base: name.slice(0, name.lastIndexOf('.')),
          compare,
        }),
      );
    },
  );

  app.get(
    '/api/projects/:projectId/zones',
    {
      schema: {
        params: projectParams,
        querystring: zonesQuery,
        tags: ['map'],
        summary: 'Statistics per plot and irrigation area (CSV or JSON), optionally with the change since another survey',
        response: { 200: zonesAnswer },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const user = currentUser(request);
      const { project, compare, date } = await openSurvey(db, user, request.params.projectId, q.compare);
      // The table as JSON is what the map shows anyway; as a CSV file it is an export.
      if (q.format === 'csv') assertMayDo(user, 'export');
      const data = await getMapData(db, project.project_id);
      const body = await jobsFor(db).run('zoneTable', { arrow: data.arrowFile, format: q.format, compare });
      const name = safeFileName([project.name, date, 'areas'], q.format);
      reply.header('cache-control', 'private, no-store');
      if (q.format === 'json') return reply.type('application/json; charset=utf-8').send(body);
      return reply.type(CONTENT_TYPES.csv).header('content-disposition', attachment(name)).send(body);
    },
  );

  app.post(
    '/api/projects/:projectId/prescriptions',
    {
      schema: {
        params: projectParams,
        body: prescriptionBody,
        tags: ['map'],
        summary: 'A variable-rate prescription of a survey: ISOXML TASKDATA zip or a shapefile zip',
        response: { 200: prescriptionFile },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const user = currentUser(request);
      const { project, date } = await openSurvey(db, user, request.params.projectId, undefined);
      assertMayDo(user, 'prescription');
      const customer = await clientName(db, project.client_id);
      const data = await getMapData(db, project.project_id);
      const name = safeFileName([project.name, date, b.product, b.format === 'isoxml' ? 'TASKDATA' : 'shp'], 'zip');
      const out = await jobsFor(db).run('prescription', {
        arrow: data.arrowFile,
        request: b,
        base: name.slice(0, name.lastIndexOf('.')),
        names: { customer: customer ?? project.name, farm: project.name, task: `${b.product} ${date}` },
      });
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .header('x-zone-count', String(out.zones))
        .send(Buffer.from(out.zip.buffer, out.zip.byteOffset, out.zip.byteLength));
    },
  );
};
