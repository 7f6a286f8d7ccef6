import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../src/domain/contracts/common';
import { reportQuery } from '../../src/domain/contracts/export';
import { safeFileName } from '../../src/domain/file-name';
import { projectServices } from '../../src/domain/projects-services';
import type { Db } from '../db/adapter';
import { jobsFor } from '../jobs/runner';
import { readyVersion } from '../repos/orthophotos';
import { recordFileRows } from '../repos/scouting-files';
import { scoutingSection } from '../report/scouting-section';
import { orthoOptionsOf, tilesDir } from '../orthophoto/store';

/** The survey's ready aerial photo for the report's map picture (issue 37), or null. */
async function photoOf(db: Db, projectId: number) {
  const r = await readyVersion(db, projectId);
  return r ? { tilesDir: tilesDir(orthoOptionsOf(db), projectId, r.version), minzoom: r.minzoom, maxzoom: r.maxzoom } : null;
}
import { currentUser } from '../plugins/auth';
import { assertMayDo } from '../auth/roles';
import { PdfPrinter } from '../report/pdf';
import { reportFooter, reportHtml } from '../report/report-html';
import { reportTexts } from '../report/texts';
import { getMapData } from '../surveys/map-data-cache';
import { clientName, projectParams } from '../repos/project-access';
import { attachment, openSurvey } from '../surveys/survey-files';

/**
 * GET /api/projects/{id}/report.pdf (issue 14): the printable survey report,
 * the very call behind the project map's Report button. The numbers come from
 * the job thread (report-job.ts), the document from report-html.ts, the PDF
 * from headless Chromium (pdf.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db; chromiumPath: string }> = async (app, { db, chromiumPath }) => {
  const printer = new PdfPrinter(chromiumPath);
  app.addHook('onClose', () => printer.close());

  app.get(
    '/api/projects/:projectId/report.pdf',
    {
      schema: {
        params: projectParams,
        querystring: reportQuery,
        tags: ['map'],
        summary: 'The printable survey report (PDF, A4, Hebrew or English), optionally with the change since another survey',
        response: { 200: fileResponse('The report (an attachment)', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const user = currentUser(request);
      const { project, compare, date } = await openSurvey(db, user, request.params.projectId, q.compare);
      assertMayDo(user, 'report');
      const data = await getMapData(db, project.project_id);
      const photo = await photoOf(db, project.project_id);
      const report = await jobsFor(db).run('report', { arrow: data.arrowFile, compare: compare && { arrow: compare.arrow, newer: compare.newer }, photo });
      const t = reportTexts(q.lang);
      const services = projectServices({ services: null, products: project.products, crop_type: report.crops.join(', ') }).map((s) =>
        'key' in s ? t(`home:services.${s.key}`) : s.label,
      );
      const html = reportHtml(
        report,
        {
          farm: (await clientName(db, project.client_id)) ?? project.name,
          survey: project.name,
          date: project.observation_date,
          services,
          compared: compare ? { date: compare.date } : null,
          generated: new Date().toISOString().slice(0, 10),
        },
        q.lang,
        t,
        scoutingSection(await recordFileRows(db, project.project_id), q.lang, t),
      );
      const pdf = await printer.print(html, reportFooter(q.lang, t));
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(safeFileName([project.name, date, q.lang === 'he' ? 'דוח' : 'report'], 'pdf')))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
