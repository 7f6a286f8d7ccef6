// An orthophoto upload, streamed to disk (never held in memory): the first bytes must be a TIFF's
// (a zip or anything else is refused at once, 415), the byte count stays under ORTHO_MAX_BYTES
// (413, also from Content-Length before a byte is read), and the disk must keep ORTHO_MIN_FREE_BYTES
// (507, before and while writing). On any refusal the partial file is removed.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http-error';
import { notTiff, orthoError, sniff } from './inspect';
import { freeBytes, type OrthoOptions } from './store';

export const tooLarge = (o: OrthoOptions) =>
  orthoError(413, 'orthophoto_too_large', `The file is larger than ${(o.maxBytes / 1024 ** 3).toFixed(1)} GB, the most this server takes (ORTHO_MAX_BYTES)`);
export const diskFull = () => orthoError(507, 'orthophoto_disk_full', 'The server does not have the disk space for this photo');

/** Refusals that need no byte of the body. */
export async function checkBeforeUpload(o: OrthoOptions, contentLength: number | null): Promise<void> {
  if (contentLength !== null && contentLength > o.maxBytes) throw tooLarge(o);
  if ((await freeBytes(o.dir)) - (contentLength ?? 0) < o.minFreeBytes) throw diskFull();
}

/** Streams the body into `file` (in `dir`, the upload's own new folder); returns its size. */
export async function receive(body: Readable, file: string, o: OrthoOptions, dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  let bytes = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  let sinceDiskCheck = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > o.maxBytes) return done(tooLarge(o));
      if (!checked) {
        head = Buffer.concat([head, chunk.subarray(0, 4)]).subarray(0, 4);
        if (head.length >= 4) {
          const kind = sniff(head);
          if (kind !== 'tiff') return done(notTiff(kind));
          checked = true;
        }
      }
      sinceDiskCheck += chunk.length;
      if (sinceDiskCheck < 64 * 1024 * 1024) return done(null, chunk);
      sinceDiskCheck = 0;
      freeBytes(o.dir).then(
        (free) => (free < o.minFreeBytes ? done(diskFull()) : done(null, chunk)),
        (e: Error) => done(e),
      );
    },
    flush(done) {
      if (bytes === 0) return done(orthoError(400, 'orthophoto_empty_upload', 'The upload is empty: send the GeoTIFF as the request body'));
      if (!checked) return done(notTiff('other'));
      done();
    },
  });
  try {
    await pipeline(body, guard, createWriteStream(file));
  } catch (e) {
    await rm(dir, { recursive: true, force: true }); // the upload's own folder: nothing half-written stays
    if (e instanceof HttpError) throw e;
    if ((e as { code?: string }).code === 'ENOSPC') throw diskFull();
    throw orthoError(400, 'orthophoto_upload_aborted', 'The upload was cut off before the whole file arrived');
  }
  return bytes;
}
