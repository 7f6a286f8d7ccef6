// Scouting tasks (issue 36, README "Scouting"):
//   GET   /api/projects/{id}/tasks                 the survey's tasks (a field worker: their own)
//   PUT   /api/projects/{id}/tasks/{taskId}        idempotent create by a grower or admin (201 new, 200 again, 409 other body)
//   PATCH /api/tasks/{taskId}                      status / assignee_id / due_date, once per change_id, If-Match → 412
//   GET   /api/tasks?assignee=me                   the signed-in user's tasks in every survey they may open
//   GET   /api/tasks/{taskId}/outcome              the change of its trees since a later survey (closing the loop)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser, type AuthUser } from '../plugins/auth';
import { HttpError, notFound } from '../http-error';
import { findProject, projectParams } from '../repos/project-access';
import { myTasks, newerSurvey, taskProjectId } from '../repos/scouting-reads';
import { ifMatchVersion, patchTask, projectTasks, putTask, readTask, type TaskRow } from '../repos/scouting-tasks';
import { scoutingError } from '../scouting/common';
import { getMapData } from '../surveys/map-data-cache';
import { jobsFor } from '../jobs/runner';
import { myTasksQuery, taskAnswer, taskBody, taskOutcome, taskParams, taskPatch, taskPutParams, tasksAnswer } from '../../src/domain/contracts/scouting';

const TAGS = ['scouting'];
const etag = (t: TaskRow) => `"${t.version}"`;

/** The task and its survey, when the caller may open the survey (404 otherwise, like a missing task). */
async function taskOf(db: Db, user: AuthUser, taskId: string) {
  const projectId = await taskProjectId(db, taskId);
  if (projectId === undefined) throw notFound('task');
  return findProject(db, user, projectId);
}

export const scoutingTaskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/projects/:projectId/tasks',
    { schema: { params: projectParams, tags: TAGS, summary: 'The survey’s scouting tasks (a field worker sees their own)', response: { 200: tasksAnswer } } },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      void reply.header('cache-control', 'private, no-store');
      return { tasks: await projectTasks(db, user, p.project_id) };
    },
  );

  app.put(
    '/api/projects/:projectId/tasks/:taskId',
    {
      schema: {
        params: taskPutParams,
        body: taskBody,
        tags: TAGS,
        summary: 'Create a task under the id the app gave it (201); the same body again answers the task as it is now (200), another body 409',
        response: { 201: taskAnswer, 200: taskAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      const r = await putTask(db, user, p, request.params.taskId, request.body);
      return reply.code(r.status).header('etag', etag(r.task)).send({ task: r.task });
    },
  );

  app.patch(
    '/api/tasks/:taskId',
    {
      schema: {
        params: taskParams,
        body: taskPatch,
        tags: TAGS,
        summary:
          'Change a task’s status, assignee or due date. If-Match: the version it was read at (412 with the current task when stale); a move no longer allowed is a 409 with the current task; the same change_id again answers what it answered',
        response: { 200: taskAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await taskOf(db, user, request.params.taskId);
      const ifMatch = ifMatchVersion(request.headers['if-match']);
      if (ifMatch === 'bad') throw scoutingError(400, 'task_bad_if_match', 'If-Match must be the task’s version, e.g. "3"');
      const r = await patchTask(db, user, p, request.params.taskId, request.body, ifMatch);
      if (r.status !== 200) throw new HttpError(r.status, r.message, undefined, undefined, r.code, undefined, r.current);
      return reply.header('etag', etag(r.task)).send({ task: r.task });
    },
  );

  app.get(
    '/api/tasks',
    {
      schema: {
        querystring: myTasksQuery,
        tags: TAGS,
        summary: 'The signed-in user’s tasks (assignee=me) in the surveys they may open',
        response: { 200: tasksAnswer },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const tasks = await myTasks(db, user);
      void reply.header('cache-control', 'private, no-store');
      return { tasks };
    },
  );

  app.get(
    '/api/tasks/:taskId/outcome',
    {
      schema: {
        params: taskParams,
        tags: TAGS,
        summary: 'How the task’s trees changed in the newest later survey of the same plots (improved / stable / declined …)',
        response: { 200: taskOutcome },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const p = await taskOf(db, user, request.params.taskId);
      const task = (await readTask(db, request.params.taskId))!;
      const ids = task.trees.ids;
      const zero = { improved: 0, stable: 0, declined: 0, lost: 0, gone: 0, unknown: 0 };
      // The newest survey after this one that shares its plots, has results, and the caller may open.
      const newer = await newerSurvey(db, p, user);
      if (!newer || !ids.length) return { newer, trees: ids.length, counts: zero };
      const [mine, later] = [await getMapData(db, p.project_id), await getMapData(db, newer.project_id)];
      const counts = await jobsFor(db).run('taskOutcome', { arrow: mine.arrowFile, newer: later.arrowFile, treeIds: ids });
      return { newer, trees: ids.length, counts };
    },
  );
};
