// Where orthophotos live and their limits (README "Aerial photo", storage): ORTHO_DIR (default
// DATA_DIR/orthophotos)/<project>/<version>/ holds `source.tif` while the upload is processed and
// `tiles/<z>/<x>/<y>.webp` for good. A database without a folder (tests) gets a temporary one.
import { mkdirSync } from 'node:fs';
import { readdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/adapter';
import { provideService, serviceOf, temporaryFolder, type ServiceKind } from '../db/services';

export interface OrthoOptions {
  dir: string;
  /** ORTHO_MAX_BYTES: the largest upload (413 beyond). */
  maxBytes: number;
  /** ORTHO_MAX_PIXELS: the largest image (422 beyond, before decoding). */
  maxPixels: number;
  /** ORTHO_MIN_FREE_BYTES: free disk an upload must leave (507 otherwise). */
  minFreeBytes: number;
}

export const ORTHO_DEFAULTS = { maxBytes: 8 * 1024 ** 3, maxPixels: 10e9, minFreeBytes: 1024 ** 3 };

const ORTHO_OPTIONS: ServiceKind<OrthoOptions & { remove?: () => void }> = {
  name: 'orthoOptions',
  make: () => ({ ...temporaryFolder('orchard-ortho-'), ...ORTHO_DEFAULTS }),
  close: (o) => o.remove?.(),
};

export function setOrthoOptions(db: Db, o: Partial<OrthoOptions> & { dir: string }): void {
  mkdirSync(o.dir, { recursive: true });
  provideService(db, ORTHO_OPTIONS, { ...ORTHO_DEFAULTS, ...o });
}

export const orthoOptionsOf = (db: Db): OrthoOptions => serviceOf(db, ORTHO_OPTIONS);

export const versionDir = (o: OrthoOptions, projectId: number, version: string) => path.join(o.dir, String(projectId), version);
export const sourceFile = (o: OrthoOptions, projectId: number, version: string) => path.join(versionDir(o, projectId, version), 'source.tif');
export const tilesDir = (o: OrthoOptions, projectId: number, version: string) => path.join(versionDir(o, projectId, version), 'tiles');
export const tileFile = (o: OrthoOptions, projectId: number, version: string, z: number, x: number, y: number) =>
  path.join(tilesDir(o, projectId, version), String(z), String(x), `${y}.webp`);

export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

export async function removeVersion(o: OrthoOptions, projectId: number, version: string): Promise<void> {
  await rm(versionDir(o, projectId, version), { recursive: true, force: true });
}

/** Removes folders no database row names (a deleted survey, an upload cut off before its row). */
export async function sweep(o: OrthoOptions, known: Set<string>): Promise<number> {
  let removed = 0;
  for (const project of await readdir(o.dir).catch(() => [] as string[])) {
    if (!/^\d+$/.test(project)) continue;
    for (const version of await readdir(path.join(o.dir, project)).catch(() => [] as string[])) {
      if (known.has(`${project}/${version}`)) continue;
      await rm(path.join(o.dir, project, version), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
