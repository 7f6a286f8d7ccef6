// Scouting records, their photos and tasks (issue 36, README "Scouting"): the bodies and answers of
//   GET  /api/projects/{id}/records?since=        PUT /api/projects/{id}/records/{recordId}
//   PUT  /api/records/{recordId}/photos/{photoId} GET /api/records/{recordId}/photos/{photoId}?size=
//   GET  /api/projects/{id}/tasks                 PUT /api/projects/{id}/tasks/{taskId}
//   PATCH /api/tasks/{taskId}                     GET /api/tasks?assignee=me   GET /api/tasks/{taskId}/outcome
//   GET  /api/projects/{id}/members               GET /api/scouting-issues
import { z } from 'zod';
import { dbId, timestamp } from './common';
import {
  ISSUE_ICONS,
  NOTE_MAX,
  PHOTOS_MAX,
  PRIORITIES,
  RECORD_KINDS,
  TASK_DESCRIPTION_MAX,
  TASK_STATUSES,
  TASK_TITLE,
  TASK_TREES_MAX,
} from '../scouting-rules';

/** A client-generated id (UUID v7: time-ordered, so ids of one device sort by when they were made). */
export const clientId = (name: string) => z.uuid({ version: 'v7', error: `${name} must be a UUID v7` });

export const recordParams = z.strictObject({ projectId: dbId('projectId'), recordId: clientId('recordId') });
export const photoParams = z.strictObject({ recordId: clientId('recordId'), photoId: clientId('photoId') });
export const taskPutParams = z.strictObject({ projectId: dbId('projectId'), taskId: clientId('taskId') });
export const taskParams = z.strictObject({ taskId: clientId('taskId') });

export const recordsQuery = z.strictObject({
  /** The `cursor` of an earlier answer: only records added or changed (a photo arrived) since. */
  since: z.coerce.number({ error: 'since must be a number' }).int().min(0).optional(),
});
export const photoQuery = z.strictObject({ size: z.enum(['thumb', 'full']).default('full') });
export const exportRecordsQuery = z.strictObject({ format: z.enum(['geojson', 'csv']).default('geojson'), lang: z.enum(['he', 'en']).default('he') });
export const myTasksQuery = z.strictObject({ assignee: z.literal('me', { error: 'assignee must be "me"' }) });

const lon = z.number({ error: 'lon must be a number' }).min(-180).max(180);
const lat = z.number({ error: 'lat must be a number' }).min(-90).max(90);

/** PUT /api/projects/{id}/records/{recordId}: what the device wrote (the author is the signed-in user). */
export const recordBody = z
  .strictObject({
    kind: z.enum(RECORD_KINDS).default('observation'),
    /** The tree the record is about; without one, the record is about `position`. */
    tree_id: z.number().int().min(1).nullable().default(null),
    /** Where the device was, with its GPS accuracy in metres. */
    position: z
      .strictObject({ lon, lat, accuracy_m: z.number().min(0).max(100_000).nullable().default(null) })
      .nullable()
      .default(null),
    issue_id: z.number().int().min(1).nullable().default(null),
    severity: z.number().int().min(1).max(3).nullable().default(null),
    note: z.string().max(NOTE_MAX, `note must be at most ${NOTE_MAX} characters`).default(''),
    /** The tree status the scout confirmed (0–5, client.md §3). */
    tree_status: z.number().int().min(0).max(5).nullable().default(null),
    task_id: clientId('task_id').nullable().default(null),
    /** The record this one corrects (or, for a tombstone, deletes). */
    supersedes: clientId('supersedes').nullable().default(null),
    /** Ids of the photos the device will upload for this record. */
    photo_ids: z
      .array(clientId('photo_ids'))
      .max(PHOTOS_MAX, `at most ${PHOTOS_MAX} photos`)
      .refine((a) => new Set(a).size === a.length, 'photo_ids must differ')
      .default([]),
    /** Device time of the observation (ISO 8601). */
    observed_at: z.iso.datetime({ offset: true, error: 'observed_at must be an ISO 8601 date and time' }),
  })
  .superRefine((b, ctx) => {
    if (b.tree_id === null && b.position === null) ctx.addIssue({ code: 'custom', path: ['position'], message: 'a record needs a tree_id or a position' });
    if (b.kind === 'observation' && (b.issue_id === null || b.severity === null))
      ctx.addIssue({ code: 'custom', path: ['issue_id'], message: 'an observation needs issue_id and severity' });
    if (b.kind === 'tombstone' && b.supersedes === null)
      ctx.addIssue({ code: 'custom', path: ['supersedes'], message: 'a tombstone names the record it deletes' });
    if (b.kind === 'visit' && (b.tree_id === null || b.task_id === null))
      ctx.addIssue({ code: 'custom', path: ['task_id'], message: 'a visit names its task and tree' });
  });
export type RecordBody = z.input<typeof recordBody>;

export const scoutingRecord = z.object({
  record_id: z.string(),
  project_id: z.number().int(),
  kind: z.enum(RECORD_KINDS),
  tree_id: z.number().int().nullable(),
  lon: z.number(),
  lat: z.number(),
  accuracy_m: z.number().nullable(),
  issue_id: z.number().int().nullable(),
  severity: z.number().int().nullable(),
  note: z.string(),
  tree_status: z.number().int().nullable(),
  task_id: z.string().nullable(),
  supersedes: z.string().nullable(),
  photo_ids: z.array(z.string()),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  observed_at: timestamp,
  received_at: timestamp,
});
export type ScoutingRecord = z.infer<typeof scoutingRecord>;

/** An answer to the PUT: the record as stored (a replay answers the very same). */
export const recordAnswer = z.object({ record: scoutingRecord });
export const recordsAnswer = z.object({
  records: z.array(scoutingRecord.extend({ photos_stored: z.array(z.string()).describe('The photos uploaded so far') })),
  /** Pass as `since` to get only what changed after this answer. */
  cursor: z.number().int(),
});

export const photoInfo = z.object({
  photo_id: z.string(),
  record_id: z.string(),
  type: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
});
export const photoAnswer = z.object({ photo: photoInfo });
export const photoProgress = z.object({ status: z.literal('incomplete'), received: z.number().int(), total: z.number().int().nullable() });

// Tasks ---------------------------------------------------------------------------

const zone = z.strictObject({ kind: z.enum(['plot', 'irrigation_area']), id: z.number().int().min(1) });

export const taskBody = z
  .strictObject({
    title: z.string().trim().min(TASK_TITLE.min, 'title is required').max(TASK_TITLE.max, `title must be at most ${TASK_TITLE.max} characters`),
    description: z.string().max(TASK_DESCRIPTION_MAX).default(''),
    /** The trees the task covers (the problem list's filter or a selection) … */
    tree_ids: z
      .array(z.number().int().min(1))
      .max(TASK_TREES_MAX, `at most ${TASK_TREES_MAX} trees`)
      .refine((a) => new Set(a).size === a.length, 'tree_ids must differ')
      .default([]),
    /** … or a plot / irrigation area: the survey's trees in it. */
    zone: zone.nullable().default(null),
    assignee_id: z.number().int().min(1),
    due_date: z.iso.date({ error: 'due_date must be a date (YYYY-MM-DD)' }).nullable().default(null),
    priority: z.enum(PRIORITIES).default('normal'),
  })
  .refine((b) => b.tree_ids.length > 0 || b.zone !== null, { path: ['tree_ids'], message: 'a task needs trees or a zone' });
export type TaskBody = z.input<typeof taskBody>;

export const taskPatch = z
  .strictObject({
    /** The change's own id (UUID v7): a change sent twice is applied once. */
    change_id: clientId('change_id'),
    status: z.enum(TASK_STATUSES).optional(),
    assignee_id: z.number().int().min(1).optional(),
    due_date: z.iso.date().nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee_id !== undefined || b.due_date !== undefined, 'nothing to change');
export type TaskPatch = z.input<typeof taskPatch>;

/** The task's trees as columns (ids with their position and row / tree numbers). */
const treeColumns = z.object({
  ids: z.array(z.number().int()),
  lon: z.array(z.number()),
  lat: z.array(z.number()),
  row: z.array(z.number().int().nullable()),
  num: z.array(z.number().int().nullable()),
});

export const scoutingTask = z.object({
  task_id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  observation_date: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  zone: zone.nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  due_date: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  status: z.enum(TASK_STATUSES),
  version: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  trees: treeColumns,
  /** Trees with a record of this task (a visit or an observation). */
  visited: z.array(z.number().int()),
});
export type ScoutingTask = z.infer<typeof scoutingTask>;
export const taskAnswer = z.object({ task: scoutingTask });
export const tasksAnswer = z.object({ tasks: z.array(scoutingTask) });
/** Closing the loop: the task's trees in the newest later survey of the same plots, by the compare engine's classes. */
export const taskOutcome = z.object({
  newer: z.object({ project_id: z.number().int(), name: z.string(), observation_date: z.string().nullable() }).nullable(),
  trees: z.number().int(),
  counts: z.object({
    improved: z.number().int(),
    stable: z.number().int(),
    declined: z.number().int(),
    lost: z.number().int(),
    gone: z.number().int(),
    unknown: z.number().int(),
  }),
});

export const projectMembers = z.object({
  members: z.array(z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(['user', 'worker']) })),
});

export const scoutingIssue = z.object({
  issue_id: z.number().int(),
  name_en: z.string(),
  name_he: z.string(),
  icon: z.enum(ISSUE_ICONS),
});
export const scoutingIssuesAnswer = z.object({ issues: z.array(scoutingIssue) });
export type ScoutingIssue = z.infer<typeof scoutingIssue>;
