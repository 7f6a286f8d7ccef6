// Scouting records (issue 36, README "Scouting"):
//   GET /api/projects/{id}/records?since=          the survey's records (all, or those after a cursor)
//   PUT /api/projects/{id}/records/{recordId}      idempotent create: 201 new, 200 the same again, 409 another body
//   GET /api/projects/{id}/records/export?format=  the standing records as GeoJSON or CSV (not for field workers)
//   GET /api/projects/{id}/members                 who a task can be assigned to
//   GET /api/scouting-issues                       the categories (the admin's reference list)
// The map's access rule everywhere: a survey the caller may not open is a 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { assertMayDo } from '../auth/roles';
import { findProject, projectParams } from '../repos/project-access';
import { listRecords, putRecord } from '../repos/scouting-records';
import { recordFileRows } from '../repos/scouting-files';
import { projectMemberRows, scoutingIssues } from '../repos/scouting-reads';
import { recordsCsv, recordsGeoJson } from '../scouting/records-file';
import { attachment } from '../surveys/survey-files';
import { safeFileName } from '../../src/domain/file-name';
import { fileResponse } from '../../src/domain/contracts/common';
import {
  exportRecordsQuery,
  projectMembers,
  recordAnswer,
  recordBody,
  recordParams,
  recordsAnswer,
  recordsQuery,
  scoutingIssuesAnswer,
} from '../../src/domain/contracts/scouting';

const TAGS = ['scouting'];

export const scoutingRecordRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/projects/:projectId/records',
    {
      schema: {
        params: projectParams,
        querystring: recordsQuery,
        tags: TAGS,
        summary: 'The survey’s scouting records in arrival order (with since: only those added or changed after that cursor)',
        response: { 200: recordsAnswer },
      },
    },
    async (request, reply) => {
      const p = await findProject(db, currentUser(request), request.params.projectId);
      void reply.header('cache-control', 'private, no-store');
      return listRecords(db, p.project_id, request.query.since);
    },
  );

  app.put(
    '/api/projects/:projectId/records/:recordId',
    {
      schema: {
        params: recordParams,
        body: recordBody,
        tags: TAGS,
        summary: 'Add a scouting record under the id the device gave it (201); the same body again answers 200, another body 409',
        response: { 200: recordAnswer, 201: recordAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      const r = await putRecord(db, user, p, request.params.recordId, request.body);
      return reply.code(r.status).send({ record: r.record });
    },
  );

  app.get(
    '/api/projects/:projectId/records/export',
    {
      schema: {
        params: projectParams,
        querystring: exportRecordsQuery,
        tags: TAGS,
        summary: 'The survey’s standing scouting records as a GeoJSON or CSV file',
        response: { 200: fileResponse('The records (an attachment)', ['application/geo+json', 'text/csv']) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      assertMayDo(user, 'export');
      const { format, lang } = request.query;
      const rows = await recordFileRows(db, p.project_id);
      const ext = format === 'geojson' ? 'geojson' : 'csv';
      const name = safeFileName([p.name, p.observation_date, 'records'], ext);
      void reply.header('content-disposition', attachment(name)).header('cache-control', 'private, no-store');
      if (format === 'geojson') return reply.type('application/geo+json; charset=utf-8').send(recordsGeoJson(rows, lang));
      return reply.type('text/csv; charset=utf-8').send(recordsCsv(rows, lang));
    },
  );

  app.get(
    '/api/projects/:projectId/members',
    {
      schema: {
        params: projectParams,
        tags: TAGS,
        summary: 'The growers and field workers of the survey’s client who are members of it (a task’s possible assignees)',
        response: { 200: projectMembers },
      },
    },
    async (request) => {
      const p = await findProject(db, currentUser(request), request.params.projectId);
      return { members: await projectMemberRows(db, p) };
    },
  );

  app.get(
    '/api/scouting-issues',
    { schema: { tags: TAGS, summary: 'The scouting issue categories (names in Hebrew and English, map icon)', response: { 200: scoutingIssuesAnswer } } },
    async (_request, reply) => {
      const rows = await scoutingIssues(db);
      void reply.header('cache-control', 'private, max-age=60');
      return { issues: rows };
    },
  );
};
