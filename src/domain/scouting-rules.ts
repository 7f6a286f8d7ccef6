// Scouting records and tasks (issue 36, README "Scouting"): the limits and the
// rules the server enforces and the app follows. Plain values (no zod): the app,
// the outbox and the server import them.

/** A note is at most this many characters. */
export const NOTE_MAX = 2000;
/** Photos per record. */
export const PHOTOS_MAX = 5;
/** Trees one task covers. */
export const TASK_TREES_MAX = 10_000;
export const TASK_TITLE = { min: 1, max: 200 } as const;
export const TASK_DESCRIPTION_MAX = 2000;
/** Severity 1 (low) – 3 (high). */
export const SEVERITIES = [1, 2, 3] as const;
export const PRIORITIES = ['low', 'normal', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Photos: the device resizes to this longest edge; the server refuses more pixels or bytes than these. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/webp', 'image/png'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** The longest edge of a photo's thumbnail (?size=thumb). */
export const THUMB_EDGE = 320;

/** The icons a scouting issue may have on the map (one per category). */
export const ISSUE_ICONS = ['bug', 'disease', 'leak', 'branch', 'missing', 'frost', 'other'] as const;
export type IssueIcon = (typeof ISSUE_ICONS)[number];

/**
 * A record's kind: an observation (category and severity), a visit (the worker was at the tree of a task:
 * "marking a tree visited is a record") or a tombstone (deletes the record it supersedes).
 */
export const RECORD_KINDS = ['observation', 'visit', 'tombstone'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

// Tasks -------------------------------------------------------------------------

export const TASK_STATUSES = ['open', 'in_progress', 'done', 'verified', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * open → in_progress → done → verified, or cancelled (issue 36). A worker may start and finish (also straight
 * from open: one visit can do it all); the grower (or an admin) also verifies, reopens and cancels. Verified is
 * final; a cancelled task may be opened again by the grower.
 */
const NEXT: Record<TaskStatus, { worker: TaskStatus[]; grower: TaskStatus[] }> = {
  open: { worker: ['in_progress', 'done'], grower: ['in_progress', 'done', 'cancelled'] },
  in_progress: { worker: ['done'], grower: ['open', 'done', 'cancelled'] },
  done: { worker: [], grower: ['in_progress', 'verified', 'cancelled'] },
  verified: { worker: [], grower: [] },
  cancelled: { worker: [], grower: ['open'] },
};

/** Who changes a task: its assignee (a field worker or a grower), or a grower / admin who manages it. */
export type TaskActor = 'assignee' | 'manager';

/** Whether `actor` may move a task from `from` to `to` (the same status is no move: always allowed). */
export function mayMoveTask(from: TaskStatus, to: TaskStatus, actor: TaskActor): boolean {
  if (from === to) return true;
  const n = NEXT[from];
  return (actor === 'manager' ? n.grower : n.worker).includes(to);
}

/** The statuses `actor` may choose next (for the buttons). */
export function nextTaskStatuses(from: TaskStatus, actor: TaskActor): TaskStatus[] {
  return [...(actor === 'manager' ? NEXT[from].grower : NEXT[from].worker)];
}

/** A task still to be worked on (counts on the "My tasks" badge). */
export const isOpenTask = (s: TaskStatus) => s === 'open' || s === 'in_progress';

// Records: what stands after corrections and deletions -----------------------

export interface RecordLink {
  record_id: string;
  kind: RecordKind;
  supersedes: string | null;
  received_seq?: number;
}

/**
 * The records that stand: a record superseded by another (a correction or a tombstone) is hidden, and tombstones
 * themselves are never shown. Records are append-only, so this is a view, computed wherever records are shown
 * (map layer, lists, report, exports).
 */
export function standingRecords<T extends RecordLink>(records: readonly T[]): T[] {
  const superseded = new Set<string>();
  for (const r of records) if (r.supersedes) superseded.add(r.supersedes);
  return records.filter((r) => r.kind !== 'tombstone' && !superseded.has(r.record_id));
}
