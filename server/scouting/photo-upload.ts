// Resumable photo upload (README "Scouting": Content-Range, not chunk parts + commit). One PUT carries the
// whole photo, or a byte range of it:
//   Content-Range: bytes */<total>          (no body) asks how far the upload got: 202 {received}, or 200 {photo} (201 when all
//                                           bytes had arrived but the store was cut off: it is stored now)
//   Content-Range: bytes <a>-<b>/<total>    appends bytes a..b; a must be what the server has (409 otherwise,
//                                           with Range: bytes=0-<received-1>); the last range checks the photo
// A photo is stored only whole and checked (photo-check.ts): 201 the first time, 200 when the same bytes come
// again, 409 for other bytes under its id. A refused photo leaves nothing behind.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Db } from '../db/adapter';
import { serviceOf, type ServiceKind } from '../db/services';
import { HttpError } from '../http-error';
import { PHOTO_MAX_BYTES } from '../../src/domain/scouting-rules';
import { PROJECT_LOCK_SQL, scoutingError } from './common';
import { checkPhoto } from './photo-check';
import { partialFile, photoFile, photoFolder, photoOptionsOf, thumbFile } from './photo-store';

export interface Range {
  /** null: a status question (bytes star/total). */
  start: number | null;
  end: number | null;
  total: number;
}

/** Parses Content-Range (RFC 9110 §14.4); absent: the body is the whole photo. */
export function parseContentRange(header: string | undefined, bodyLength: number): Range {
  if (header === undefined) return { start: 0, end: bodyLength - 1, total: bodyLength };
  const ask = /^bytes \*\/(\d{1,12})$/.exec(header.trim());
  if (ask) return { start: null, end: null, total: Number(ask[1]) };
  const m = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec(header.trim());
  if (!m) throw scoutingError(400, 'photo_bad_range', 'Content-Range must be "bytes <first>-<last>/<total>" or "bytes */<total>"');
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end < start || end >= total) throw scoutingError(400, 'photo_bad_range', `Content-Range ${header} is not a range of a ${total}-byte file`);
  return { start, end, total };
}

/** Refuses a photo over the limit before a byte of it is read. */
export function assertPhotoSize(total: number): void {
  if (total > PHOTO_MAX_BYTES)
    throw scoutingError(
      413,
      'photo_too_large',
      `This photo has ${total} bytes; at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB are taken (the app resizes photos first)`,
    );
  if (total <= 0) throw scoutingError(400, 'photo_empty', 'The photo is empty');
}

export interface PhotoRow {
  photo_id: string;
  record_id: string;
  project_id: number;
  stored_at: Date | null;
  media_type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  sha256: string | null;
}

export const photoAnswerOf = (r: PhotoRow) => ({
  photo: { photo_id: r.photo_id, record_id: r.record_id, type: r.media_type!, bytes: r.bytes!, width: r.width!, height: r.height!, sha256: r.sha256! },
});

export type UploadOutcome =
  { status: 200 | 201; body: ReturnType<typeof photoAnswerOf> } | { status: 202; body: { status: 'incomplete'; received: number; total: number | null } };

// One upload of a photo at a time in this process (a retry racing its own first try appends nothing twice).
const UPLOADS: ServiceKind<Map<string, Promise<unknown>>> = { name: 'photoUploads', make: () => new Map() };
async function one<T>(db: Db, key: string, fn: () => Promise<T>): Promise<T> {
  const busy = serviceOf(db, UPLOADS);
  while (busy.has(key)) await busy.get(key)!.catch(() => undefined);
  const p = fn();
  busy.set(key, p);
  try {
    return await p;
  } finally {
    busy.delete(key);
  }
}

const size = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => 0,
  );
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function receivePhoto(db: Db, row: PhotoRow, range: Range, body: Buffer): Promise<UploadOutcome> {
  return one(db, row.photo_id, async () => {
    const o = photoOptionsOf(db);
    if (row.stored_at) {
      // Stored already: a status question, or the same bytes again (a replay), or other bytes (409).
      if (range.start === null) return { status: 200, body: photoAnswerOf(row) };
      const stored = await readFile(photoFile(o, row.project_id, row.record_id, row.photo_id, row.media_type!));
      const same = range.total === stored.length && stored.subarray(range.start, range.end! + 1).equals(body);
      if (!same) throw scoutingError(409, 'photo_id_conflict', `Photo ${row.photo_id} is already stored with other contents`);
      return { status: 200, body: photoAnswerOf(row) };
    }
    const part = partialFile(o, row.photo_id);
    const have = await size(part);
    // Whole but not stored: the process died between the last part and the store (kill -9 test); store it now.
    if (range.start === null && have > 0 && have === range.total) return storeWhole(db, row, part);
    if (range.start === null) return { status: 202, body: { status: 'incomplete', received: have, total: range.total } };
    if (body.length !== range.end! - range.start + 1)
      throw scoutingError(400, 'photo_bad_range', `Content-Range names ${range.end! - range.start + 1} bytes but the body has ${body.length}`);
    if (range.start !== have)
      throw new HttpError(
        409,
        `The server has the first ${have} bytes of this photo: continue from byte ${have}`,
        undefined,
        { range: `bytes=0-${have - 1}`, 'upload-offset': String(have) },
        'photo_offset_mismatch',
      );
    const fh = await open(part, have ? 'r+' : 'w');
    try {
      await fh.write(body, 0, body.length, have);
      await fh.sync();
    } finally {
      await fh.close();
    }
    const received = have + body.length;
    if (received < range.total) return { status: 202, body: { status: 'incomplete', received, total: range.total } };
    return storeWhole(db, row, part);
  });
}

/** The whole photo is here: check it, keep it and its thumbnail, and mark it stored (one transaction). */
async function storeWhole(db: Db, row: PhotoRow, part: string): Promise<UploadOutcome> {
  const o = photoOptionsOf(db);
  const bytes = await readFile(part);
  let checked;
  try {
    checked = await checkPhoto(bytes);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  await mkdir(photoFolder(o, row.project_id, row.record_id), { recursive: true });
  const final = photoFile(o, row.project_id, row.record_id, row.photo_id, checked.type);
  await writeFile(thumbFile(o, row.project_id, row.record_id, row.photo_id), checked.thumb);
  await rename(part, final);
  const stored: PhotoRow = {
    ...row,
    stored_at: new Date(),
    media_type: checked.type,
    bytes: bytes.length,
    width: checked.width,
    height: checked.height,
    sha256: sha256(bytes),
  };
  await db.transaction(async (tx) => {
    await tx.query(PROJECT_LOCK_SQL, [row.project_id]);
    await tx.query(`UPDATE record_photos SET stored_at = now(), media_type = $2, bytes = $3, width = $4, height = $5, sha256 = $6 WHERE photo_id = $1`, [
      row.photo_id,
      stored.media_type,
      stored.bytes,
      stored.width,
      stored.height,
      stored.sha256,
    ]);
    // The record changed for a reader of `since`: its photo arrived.
    await tx.query(`UPDATE scouting_records SET seq = nextval('scouting_seq') WHERE record_id = $1`, [row.record_id]);
  });
  return { status: 201, body: photoAnswerOf(stored) };
}
