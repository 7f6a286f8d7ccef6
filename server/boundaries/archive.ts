// Uploaded boundary files are hostile (OWASP ASVS 5.0 V5): the format is told
// by magic bytes, never by the name or the content type; a zip's entry count
// and declared unpacked sizes are checked from its directory before anything
// is inflated, and inflating never produces more than was declared (fflate
// writes into a buffer of the declared size, so a lying entry comes out
// truncated and fails the format checks after). Entry names only pick parts by
// extension; they are never paths: nothing is written to disk.
import { unzipSync } from 'fflate';
import type { ErrorCode, ErrorParams } from '../../src/domain/error-codes';

export const BOUNDARY_LIMITS = {
  /** Upload size (413 beyond). */
  bytes: 50 * 1024 * 1024,
  /** Entries in a zip or KMZ, folders included. */
  entries: 100,
  /** Sum of the declared unpacked sizes of the parts we read. */
  unpacked: 200 * 1024 * 1024,
  /** Features in one file. */
  features: 5_000,
};

/** What is wrong with a file: the HTTP status, a stable code with its params (src/domain/error-codes.ts) and the English message. */
export class BoundaryFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    readonly code: ErrorCode,
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

export type Sniffed = 'zip' | 'xml' | 'json';

/** The file's kind by its first bytes (a UTF-8 BOM and leading whitespace skipped for text). */
export function sniff(buf: Uint8Array): Sniffed | null {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'zip';
  let i = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  while (i < buf.length && i < 4096 && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0a || buf[i] === 0x0d)) i++;
  if (buf[i] === 0x3c) return 'xml';
  if (buf[i] === 0x7b) return 'json';
  return null;
}

/** Lower-case extension of an entry name ('' for folders and names without one). */
export const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** Parts of a zip whose extension is wanted, inflated within the limits; keys are the entry names. */
export function unzipParts(buf: Uint8Array, wanted: readonly string[]): Map<string, Uint8Array> {
  let entries = 0,
    unpacked = 0;
  let out: Record<string, Uint8Array>;
  try {
    out = unzipSync(buf, {
      filter: (f) => {
        entries++;
        if (entries > BOUNDARY_LIMITS.entries)
          throw new BoundaryFileError(422, 'archive_too_many_entries', `The archive holds more than ${BOUNDARY_LIMITS.entries} entries`, {
            max: BOUNDARY_LIMITS.entries,
          });
        if (!wanted.includes(extensionOf(f.name))) return false;
        unpacked += f.originalSize;
        if (unpacked > BOUNDARY_LIMITS.unpacked) {
          const mb = BOUNDARY_LIMITS.unpacked / 1024 / 1024;
          throw new BoundaryFileError(413, 'archive_too_large', `The archive unpacks to more than ${mb} MB`, { max_mb: mb });
        }
        return true;
      },
    });
  } catch (e) {
    if (e instanceof BoundaryFileError) throw e;
    const detail = (e as Error).message;
    throw new BoundaryFileError(400, 'zip_unreadable', `The zip archive cannot be read: ${detail}`, { detail });
  }
  return new Map(Object.entries(out));
}
