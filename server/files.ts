// Files the server writes whole (backups, survey snapshots).
import { renameSync, writeFileSync } from 'node:fs';

/** Write-then-rename: the file appears whole or not at all (a crash mid-write never leaves half a file under its name). */
export function writeWhole(file: string, bytes: Uint8Array | string): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
}
