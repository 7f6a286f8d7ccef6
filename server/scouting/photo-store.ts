// Where scouting photos live (README "Scouting", backup): PHOTO_DIR (default DATA_DIR/photos)
//   <project>/<record>/<photo>.<jpg|webp|png>   the photo as the device sent it (checked)
//   <project>/<record>/<photo>.thumb.jpg        its thumbnail (?size=thumb)
//   .partial/<photo>.part                      an upload in progress (Content-Range), until it is whole
// A database without a folder (tests) gets a temporary one.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/adapter';
import { provideService, serviceOf, temporaryFolder, type ServiceKind } from '../db/services';

export interface PhotoOptions {
  dir: string;
}

const PHOTO_OPTIONS: ServiceKind<PhotoOptions & { remove?: () => void }> = {
  name: 'photoOptions',
  make: () => {
    const f = temporaryFolder('orchard-photos-');
    mkdirSync(path.join(f.dir, '.partial'), { recursive: true });
    return f;
  },
  close: (o) => o.remove?.(),
};

export function setPhotoOptions(db: Db, o: PhotoOptions): void {
  mkdirSync(path.join(o.dir, '.partial'), { recursive: true });
  provideService(db, PHOTO_OPTIONS, o);
}

export const photoOptionsOf = (db: Db): PhotoOptions => serviceOf(db, PHOTO_OPTIONS);

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png' };

export const partialFile = (o: PhotoOptions, photoId: string) => path.join(o.dir, '.partial', `${photoId}.part`);
export const photoFolder = (o: PhotoOptions, projectId: number, recordId: string) => path.join(o.dir, String(projectId), recordId);
export const photoFile = (o: PhotoOptions, projectId: number, recordId: string, photoId: string, type: string) =>
  path.join(photoFolder(o, projectId, recordId), `${photoId}.${EXT[type] ?? 'bin'}`);
export const thumbFile = (o: PhotoOptions, projectId: number, recordId: string, photoId: string) =>
  path.join(photoFolder(o, projectId, recordId), `${photoId}.thumb.jpg`);
